import { SITE_TEXTS } from './site';

/** TEXTS.shell.pageTitles: the name of each screen, for <title>, headings and the menus that lead there. */
export const PAGE_TITLES = {
  home: SITE_TEXTS.tagline,
  signup: '会員登録',
  login: 'ログイン',
  verifyEmail: 'メールアドレスの確認',
  forgotPassword: 'パスワードの再設定',
  resetPassword: '新しいパスワードの設定',
  contactForm: 'お問い合わせ',
  faq: 'よくある質問',
  privacyPolicy: 'プライバシーポリシー',
  termsOfService: '利用規約',
  glossary: '用語集',
  dashboard: 'マイページ',
  createReport: 'レポートを書く',
  reports: 'レポート一覧',
  reportDetail: 'レポート',
  editReport: 'レポートの編集',
  categoryManager: 'カテゴリ管理',
  tagManager: 'タグ管理',
  profile: 'プロフィール編集',
  publicProfile: 'プロフィール',
  searchResults: '検索結果',
  deleteAccount: 'アカウント削除',
  settings: '設定',
  /** 保存. */
  saved: '保存済み',
  tutorial: 'チュートリアル',
  notFound: 'ページが見つかりません',
  removalGuidelines: '削除ガイドライン',
  imageRules: '画像投稿のルール',
  reportIllegalContent: '違法・有害情報の通報先',
  takedownRequest: '削除依頼',
  transparency: '透明性レポート',
} as const;
export type PageKey = keyof typeof PAGE_TITLES;

/**
 * TEXTS.shell: words of the shared web shell (header, footer, menus) and of the pages that are not
 * content. Every first page loads them, so they stay few.
 */
export const SHELL_TEXTS = {
  skipToContent: '本文へスキップ',
  // The shell's few account words live here, not in ACCOUNT_TEXTS, so every first page need not load those.
  headerLogin: PAGE_TITLES.login,
  sessionChecking: 'ログイン状態を確認しています...',
  noticeClose: 'お知らせを閉じる',
  homeLinkLabel: 'ひらく（レポート一覧へ）',
  search: {
    label: 'レポートを検索',
    placeholder: 'キーワードで検索',
    submit: '検索',
  },
  footer: {
    navLabel: 'フッターメニュー',
    back: '戻る',
    search: '検索',
    create: '投稿',
    dashboard: PAGE_TITLES.dashboard,
    trustLabel: 'サイトの方針と通報',
    transparency: PAGE_TITLES.transparency,
  },
  moreMenu: {
    button: 'その他',
    menuLabel: 'その他のメニュー',
    glossary: PAGE_TITLES.glossary,
    faq: PAGE_TITLES.faq,
    contact: PAGE_TITLES.contactForm,
    saved: PAGE_TITLES.saved,
    settings: PAGE_TITLES.settings,
    deleteAccount: PAGE_TITLES.deleteAccount,
    exportData: '登録データのダウンロード',
    exportFailed: '登録データのダウンロードに失敗しました。もう一度お試しください。',
    terms: PAGE_TITLES.termsOfService,
    privacy: PAGE_TITLES.privacyPolicy,
    removalGuidelines: PAGE_TITLES.removalGuidelines,
    imageRules: PAGE_TITLES.imageRules,
    reportIllegalContent: PAGE_TITLES.reportIllegalContent,
    takedownRequest: PAGE_TITLES.takedownRequest,
    logout: 'ログアウト',
  },
  notFound: {
    title: PAGE_TITLES.notFound,
    toHome: 'トップページへ',
  },
  /** The link back to the list, from any page that is not the list. */
  toReports: 'レポート一覧へ',
  routeError: {
    title: '問題が発生しました',
  },
  legal: {
    enactedOn: '制定日',
    lastRevisedOn: '最終改定日',
    contents: '目次',
    /** Closes a Japanese legal text. */
    end: '以上',
  },
  glossary: {
    contents: 'もくじ',
    aliases: '別の呼び方',
  },
} as const;

/** 「用語集 | ひらく」: the page first so a row of browser tabs stays readable. */
export function documentTitle(page: string, siteName: string): string {
  return page === siteName ? siteName : `${page} | ${siteName}`;
}
