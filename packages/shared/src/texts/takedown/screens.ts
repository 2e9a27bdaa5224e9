import { LIMITS } from '../../limits';
import { COMMON_TEXTS } from '../common';
import { PAGE_TITLES, SHELL_TEXTS } from '../shell';

/** TEXTS.takedown.screens: the takedown form (/takedown-request), its confirmation page and the transparency page. */
export const TAKEDOWN_TEXTS = {
  title: PAGE_TITLES.takedownRequest,
  lead: 'ひらくに掲載されている投稿の削除を依頼できます。会員登録は必要ありません。ご入力いただいたメールアドレスに確認メールをお送りし、確認が済むとご依頼が運営者に届きます。',
  privacy: 'ご依頼者の情報を投稿者に伝えることはありません（法令に基づく場合を除きます）。また、投稿者に関する情報をお伝えすることもできません。',
  guidelinesLink: PAGE_TITLES.removalGuidelines,
  urlLabel: '削除を求めるページのURL',
  urlHint: 'レポートまたは会員のプロフィールのページを開き、ブラウザのアドレス欄のアドレスをそのまま貼り付けてください。コメントの場合は、そのコメントがあるレポートのアドレスを入力し、どのコメントかを「詳しい事情」にお書きください。',
  /** Issue 39: what the form cannot do, and where to go instead. */
  otherSites: 'このフォームでご依頼いただけるのは、ひらくに掲載されている内容だけです。ほかのサイトに掲載されている内容は、そのサイトの運営者にご依頼ください。公的な相談窓口は、次のページでご案内しています。',
  otherSitesLink: PAGE_TITLES.reportIllegalContent,
  requesterLabel: 'ご依頼者の立場',
  reasonLabel: '理由',
  descriptionLabel: '詳しい事情',
  descriptionHint: `どの部分が、どのような理由で問題なのかをお書きください（${LIMITS.takedownDescriptionMax}文字以内）。`,
  emailLabel: 'ご連絡先のメールアドレス',
  emailHint: '確認メールと対応の結果をお送りします。ほかの目的には使いません。',
  submit: '依頼を送信',
  doneHeading: '確認メールをお送りしました',
  confirmTitle: '削除依頼の確認',
  toTop: SHELL_TEXTS.notFound.toHome,
} as const;

/** The transparency page (/transparency). */
export const TRANSPARENCY_TEXTS = {
  title: PAGE_TITLES.transparency,
  lead: 'ひらくの運営がどのように投稿を審査し、対応しているかを、月ごとの件数でお知らせします。数値は毎日、データベースから自動で集計しています。個々の会員や投稿、メールアドレスに関する情報は含みません。',
  generatedAt: '集計日時',
  month: '月',
  casesOpened: '受け付けた案件',
  casesDecided: '判断した案件',
  medianHours: '判断までの時間（中央値）',
  hours: (value: number): string => `${value}時間`,
  monthLabel: (month: string): string => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`,
  none: '―',
  takedownReceived: '削除依頼の受付',
  takedownInTime: '期限内に判断した削除依頼',
  suspensions: 'アカウント停止',
  byCategory: '分類別の内訳',
  category: '分類',
  opened: '受付',
  decided: '判断',
  loading: COMMON_TEXTS.loading,
  failed: '透明性レポートを読み込めませんでした。時間をおいて再度お試しください。',
} as const;
