import {
  DELETION_RECORD_RETENTION_YEARS,
  LEGAL_DOCUMENTS_DATE,
  OPERATOR_NAME,
  type LegalDocument,
} from './legalDocument';

/** What the contact article says in place of the mailbox until the server has named it. */
export const PRIVACY_CONTACT_TEXTS = {
  loading: '窓口のメールアドレスを読み込んでいます...',
  failed: '窓口のメールアドレスを読み込めませんでした。お手数ですが、お問い合わせフォームからご連絡ください。',
  contactForm: 'お問い合わせフォームへ',
} as const;

/**
 * The policy names the support mailbox, which each deployment configures (SUPPORT_EMAIL, served by
 * GET /api/site-config); null while it is not known. Everything else is fixed.
 */
export function buildPrivacyPolicy(supportEmail: string | null): LegalDocument {
  return {
    title: 'プライバシーポリシー',
    preamble: `${OPERATOR_NAME}（以下「当運営」といいます。）は、コミュニティサービス「ひらく」（以下「本サービス」といいます。）において、会員の皆さまのプライバシーを守ることを最も大切な責任の一つと考えています。本プライバシーポリシー（以下「本ポリシー」といいます。）は、当運営が取得する個人情報とその取扱いについて定めるものです。`,
    articles: [
      {
        heading: '取得する個人情報',
        paragraphs: [
          '当運営が取得する個人情報は、会員登録の際に会員ご自身が入力するメールアドレスのみです。',
          '氏名、住所、電話番号、生年月日などの入力を求めることはありません。プロフィールやレポートとして会員が公開のために入力する内容は、会員ご自身の判断で公開されるものです。ご本人を特定できる情報は書き込まないようご注意ください。',
        ],
      },
      {
        heading: '利用目的',
        paragraphs: ['当運営は、取得したメールアドレスを次の目的に限って利用します。'],
        items: [
          'ログインの際の本人確認、メールアドレスの確認およびパスワード再設定のご案内',
          '本サービスに関する重要なお知らせの送信',
          'お問い合わせへの返信',
        ],
      },
      {
        heading: '安全管理措置',
        paragraphs: [
          'パスワードは、元の文字列に戻せない形式に暗号化（ハッシュ化）して保存しており、当運営を含め誰も元のパスワードを知ることはできません。',
          '本サービスは、画面を表示するフロントエンドと、データを保存・処理するバックエンドを分離した構成とし、個人情報にアクセスできる経路と担当者を必要最小限に限定しています。',
          '通信は暗号化し、不正アクセス、漏えい、改ざんおよび紛失を防ぐための措置を継続的に見直します。',
        ],
      },
      {
        heading: '第三者への提供',
        paragraphs: [
          '当運営は、法令に基づく場合を除き、会員の個人情報をご本人の同意なく第三者に提供することはありません。',
          '本サービスは外部のアクセス解析サービスや広告配信のための追跡の仕組みを利用しておらず、個人情報をそれらの事業者に渡すこともありません。',
        ],
      },
      {
        heading: 'Cookieと利用状況の記録',
        paragraphs: [
          '本サービスは、ログイン状態を保つため、および不正なリクエストを防ぐためにCookieを使用します。',
          'サービス改善のため、閲覧されたページなどの利用状況を記録することがありますが、メールアドレスやIPアドレスと結び付けずに当運営のサーバー内だけで保存・集計します。',
        ],
      },
      {
        heading: '開示・訂正・削除',
        paragraphs: [
          '会員は、当運営が保有するご自身の個人情報について、開示、訂正または削除を請求することができます。',
          'ご請求は、お問い合わせフォームまたは本ポリシー末尾の窓口までご連絡ください。ご本人であることを確認したうえで、遅滞なく対応します。',
        ],
      },
      {
        heading: 'アカウント削除後の取扱い',
        paragraphs: [
          '会員がアカウントを削除した場合、当運営はメールアドレス、プロフィール、投稿コンテンツその他の会員に関する情報を速やかに削除します。',
          `ただし、法令により保存が求められる記録など、必要な情報に限り、一定期間（例えば${DELETION_RECORD_RETENTION_YEARS}年間）保存することがあります。この場合も、保存した情報を本サービスの提供に利用することはありません。`,
          '一度削除した情報は、会員からのご依頼があっても復元することはできません。',
        ],
      },
      {
        heading: '本ポリシーの変更',
        paragraphs: [
          '当運営は、法令の改正やサービス内容の変更に応じて、本ポリシーを変更することがあります。',
          '重要な変更を行う場合は、変更後の内容と効力が生じる日を、あらかじめ本サービス上でお知らせします。',
        ],
      },
      {
        heading: 'お問い合わせ窓口',
        paragraphs: ['本ポリシーおよび個人情報の取扱いに関するお問い合わせは、下記の窓口までご連絡ください。'],
        contactEmail: supportEmail,
      },
    ],
    enactedOn: LEGAL_DOCUMENTS_DATE,
    lastRevisedOn: LEGAL_DOCUMENTS_DATE,
  };
}
