import { LIMITS } from '../limits';
import { PUBLIC_CONTACTS } from '../publicContacts';
import { PAGE_TITLES } from '../texts/shell';
import { TRUST_PATHS } from '../api/constants';

/** A link on a guide page: to one of our pages (`to`) or to an outside site (`href`, opened as such). */
export type GuideLink = { label: string; to: string } | { label: string; href: string };

export interface GuideSection {
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
  links?: readonly GuideLink[];
}

/** A public guide page: plain sections, for visitors as much as members. */
export interface GuidePage {
  title: string;
  lead: string;
  sections: readonly GuideSection[];
}


const TAKEDOWN_FORM: GuideLink = { label: `${PAGE_TITLES.takedownRequest}フォーム`, to: TRUST_PATHS.takedownRequest };

export const REMOVAL_GUIDELINES: GuidePage = {
  title: PAGE_TITLES.removalGuidelines,
  lead: 'ひらくは、会員の皆さまが安心して体験を共有できる場であるために、法令や利用規約、画像投稿のルールに反する投稿を削除または非公開にします。このページでは、削除の対象、対応の早さ、削除を依頼する方法、判断に不服がある場合の手続きをご説明します。',
  sections: [
    {
      heading: '削除の対象',
      paragraphs: ['次のような投稿（レポート、画像、コメント、プロフィール）は、削除または非公開にします。'],
      items: [
        '本人の同意なく公開された性的な画像・動画（いわゆるリベンジポルノ）や、写っている人の同意が確認できない画像',
        `${LIMITS.minimumAge}歳未満の人を性的な対象とする表現、${LIMITS.minimumAge}歳未満の人が写った画像`,
        '性器などに十分な修正（モザイク）がされていない画像など、法令に反するわいせつな表現',
        '特定の人の名誉を傷つける投稿や、氏名・住所・勤務先・顔写真など、プライバシーを侵害する投稿',
        '他人の写真・イラスト・文章などを、権利者の許可なく転載した投稿',
        '出会いや連絡先の交換を目的とする投稿、宣伝・スパム、そのほか利用規約の禁止事項にあたる投稿',
      ],
      links: [{ label: PAGE_TITLES.imageRules, to: TRUST_PATHS.imageRules }],
    },
    {
      heading: '対応の早さ',
      paragraphs: [
        `私事性的画像（本人の同意なく公開された性的な画像）に関するご依頼は、被害の拡大を防ぐため最優先で扱い、受付から原則${LIMITS.takedownIntimateDueDays}日以内に判断します。`,
        `そのほかの権利侵害などに関するご依頼は、受付から原則${LIMITS.takedownOtherDueDays}日以内に判断します。内容の確認に時間を要する場合は、その旨をお知らせします。`,
        `${LIMITS.minimumAge}歳未満の人が写った性的な画像など、違法であることが明らかで緊急性の高いものは、判断を待たずに直ちに非公開にします。`,
        '会員の皆さまからの通報は、内容の重大さに応じて優先順位をつけて確認しています。',
      ],
    },
    {
      heading: '削除を依頼するには',
      paragraphs: [
        'ひらくの会員でない方も、削除依頼フォームからご依頼いただけます。対象のページのURL、ご依頼者の立場（本人・代理人・権利者）、理由、詳しい事情、ご連絡先のメールアドレスをご入力ください。',
        'ご入力のメールアドレスに確認メールをお送りします。メール内のリンクを開くと、ご依頼が運営者に届きます。受付と対応の結果は、メールでお知らせします。',
        'ご依頼者の情報を投稿者に伝えることはありません。また、投稿者に関する情報をご依頼者にお伝えすることもできません。いずれも、法令に基づいて開示が必要な場合を除きます。',
        '会員の方は、各投稿やコメントの「通報」からもお知らせいただけます。',
        '投稿者の情報の開示をお求めの場合は、法令（情報流通プラットフォーム対処法）に定める手続きが必要です。お問い合わせフォームからご相談ください。',
      ],
      links: [TAKEDOWN_FORM, { label: PAGE_TITLES.contactForm, to: '/contact-form' }],
    },
    {
      heading: '判断に不服がある場合',
      paragraphs: [
        `投稿を削除・非公開にされた会員や、警告・停止を受けた会員には、その理由をお知らせします。判断に不服がある場合は、お知らせから${LIMITS.appealWindowDays}日以内に一度、再審査を申し立てることができます。運営者があらためて確認し、結果をお知らせします。`,
        '削除を見送ったご依頼についても、新たな事情や資料がある場合は、あらためてご依頼いただけます。',
      ],
    },
    {
      heading: '違法・有害な情報を見つけたら',
      paragraphs: ['ひらくの外の情報も含め、違法な情報や有害な情報の通報先をご案内しています。'],
      links: [{ label: PAGE_TITLES.reportIllegalContent, to: TRUST_PATHS.reportIllegalContent }],
    },
  ],
};

export const IMAGE_RULES: GuidePage = {
  title: PAGE_TITLES.imageRules,
  lead: '画像は体験を伝える大切な手段であると同時に、写っている人の尊厳やプライバシーに深く関わるものです。画像を投稿する前に、次のルールを必ずご確認ください。ルールに反する画像は、削除ガイドラインに沿って削除します。',
  sections: [
    {
      heading: '写っているすべての人の同意',
      paragraphs: [
        '画像に写っているすべての人から、その画像をひらくに投稿することについて、事前にはっきりとした同意を得てください。撮影への同意と、公開への同意は別のものです。',
        '同意はいつでも取り消すことができます。取り消しを求められたら、すぐに画像を削除してください。',
        '画像を投稿するときは、写っている人全員の同意を得ていること、法令で公開が禁じられている部分に修正をしていることを確認していただきます。確認がない画像は保存されません。',
      ],
    },
    {
      heading: `${LIMITS.minimumAge}歳未満の人が写った画像は投稿できません`,
      paragraphs: [`${LIMITS.minimumAge}歳未満の人が写った画像は、内容を問わず投稿できません。年齢を確かめられない人が写っている画像も投稿しないでください。`],
    },
    {
      heading: '修正（モザイク）',
      paragraphs: [
        '性器や性交の場面など、法令（刑法第百七十五条）により公開が禁じられている部分は、判別できないよう十分な修正（モザイク）をかけてください。',
        '修正のない画像や、修正が不十分な画像は、理由を問わず削除します。',
      ],
    },
    {
      heading: '身元や場所がわかるものを写さない',
      paragraphs: ['ご自身や相手の身元、住まいの特定につながるものが写り込まないよう、十分にご注意ください。'],
      items: ['顔や、タトゥー・あざなど体の目立つ特徴', '部屋の様子や窓の外の景色、郵便物や書類、制服や社員証', '鏡やガラスに映り込んだ人や物'],
    },
    {
      heading: '位置情報などは自動で取り除きます',
      paragraphs: ['画像に含まれる撮影場所の位置情報（GPS）やカメラの情報は、ひらくが画像を保存するときに自動で取り除きます。画像そのものに写り込んだものは取り除けないため、投稿前にご確認ください。'],
    },
    {
      heading: '他人の画像の転載は禁止です',
      paragraphs: ['ご自身で撮影した画像、または写っている人と一緒に撮影した画像だけを投稿してください。ほかのサイトやSNS、作品からの転載はできません。'],
    },
    {
      heading: '表示について',
      paragraphs: ['レポートの画像は、初期設定で「センシティブな画像」として扱われ、会員の画面ではぼかして表示されます。ログインしていない方には表示されません。'],
    },
    {
      heading: 'ルールに反した場合',
      paragraphs: [
        'ルールに反する画像は削除または非公開にし、内容に応じて警告やアカウントの停止を行います。',
        '違法な画像については、法令に基づき、警察などの関係機関に協力することがあります。',
      ],
    },
    {
      heading: 'ご自身の画像が無断で投稿されていたら',
      paragraphs: ['ひらくの会員でなくても、削除依頼フォームから削除をご依頼いただけます。私事性的画像に関するご依頼は最優先で対応します。'],
      links: [TAKEDOWN_FORM, { label: PAGE_TITLES.removalGuidelines, to: TRUST_PATHS.removalGuidelines }],
    },
  ],
};

export const REPORT_ILLEGAL_CONTENT: GuidePage = {
  title: PAGE_TITLES.reportIllegalContent,
  lead: '違法な情報や有害な情報を見つけたとき、またはご自身が被害を受けているときの相談先をご案内します。ひらく上の投稿であれば、まずは当サイトにお知らせください。',
  sections: [
    {
      heading: 'ひらくへの削除依頼',
      paragraphs: [
        'ひらく上の投稿の削除は、削除依頼フォームからご依頼いただけます。会員でない方もご利用になれます。会員の方は、各投稿やコメントの「通報」からもお知らせいただけます。',
        `私事性的画像に関するご依頼は受付から原則${LIMITS.takedownIntimateDueDays}日以内に、そのほかのご依頼は原則${LIMITS.takedownOtherDueDays}日以内に判断し、結果をメールでお知らせします。`,
      ],
      links: [TAKEDOWN_FORM, { label: PAGE_TITLES.removalGuidelines, to: TRUST_PATHS.removalGuidelines }],
    },
    {
      heading: PUBLIC_CONTACTS.internetHotlineCenter.name,
      paragraphs: [
        '警察庁の委託を受けて、インターネット上の違法な情報や有害な情報の通報を受け付けている窓口です。受け付けた情報は、内容に応じて警察への情報提供や、サイトの管理者への削除の依頼が行われます。',
        'ひらくの外のサイトで見つけた違法な情報も、こちらに通報できます。',
      ],
      links: [{ label: `${PUBLIC_CONTACTS.internetHotlineCenter.name}（外部サイト）`, href: PUBLIC_CONTACTS.internetHotlineCenter.url }],
    },
    {
      heading: PUBLIC_CONTACTS.illegalHarmfulInfoConsultation.name,
      paragraphs: [
        'ほかのサイトに掲載された内容の削除は、まずそのサイトの運営者にご依頼ください。依頼の方法がわからない場合や、対応されない場合は、総務省の支援事業である「違法・有害情報相談センター」が、削除を求める方法について相談を受け付けています。',
      ],
      links: [{ label: `${PUBLIC_CONTACTS.illegalHarmfulInfoConsultation.name}（外部サイト）`, href: PUBLIC_CONTACTS.illegalHarmfulInfoConsultation.url }],
    },
    {
      heading: `警察相談専用電話（${PUBLIC_CONTACTS.policeConsultation}）`,
      paragraphs: [
        `${PUBLIC_CONTACTS.policeConsultation}は、犯罪の被害の防止など、警察への相談のための全国共通の電話番号です。おかけになった地域の警察の相談窓口につながります。`,
        `性的な画像を無断で公開された、または公開すると脅されているといった被害は、ためらわずに警察にご相談ください。命や身体に危険がある場合など、緊急のときは${PUBLIC_CONTACTS.emergencyPolice}番に通報してください。`,
      ],
    },
    {
      heading: PUBLIC_CONTACTS.humanRightsHotline.name,
      paragraphs: [
        `名誉毀損やプライバシー侵害など、インターネット上の人権侵害については、法務省の人権相談窓口「${PUBLIC_CONTACTS.humanRightsHotline.name}」（${PUBLIC_CONTACTS.humanRightsHotline.phone}）でも相談を受け付けています。`,
      ],
    },
  ],
};
