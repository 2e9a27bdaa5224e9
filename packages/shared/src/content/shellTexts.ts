/** Words of the shared web shell: header, footer, menus and the pages that are not content. */
export const SHELL_TEXTS = {
  skipToContent: '本文へスキップ',
  // The shell's few account words live here, not in ACCOUNT_TEXTS, so every first page need not load those.
  headerLogin: 'ログイン',
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
    dashboard: 'マイページ',
  },
  moreMenu: {
    button: 'その他',
    menuLabel: 'その他のメニュー',
    glossary: '用語集',
    faq: 'よくある質問',
    contact: 'お問い合わせ',
    deleteAccount: 'アカウント削除',
    exportData: '登録データのダウンロード',
    exportFailed: '登録データのダウンロードに失敗しました。もう一度お試しください。',
    terms: '利用規約',
    privacy: 'プライバシーポリシー',
    premium: 'プレミアム（未実装）',
    logout: 'ログアウト',
  },
  notFound: {
    title: 'ページが見つかりません',
    toHome: 'トップページへ',
  },
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

/** The name of each screen, for <title> and headings. */
export const PAGE_TITLES = {
  home: 'あなたの性の好奇心を、ここでひらこう',
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
  tutorial: 'チュートリアル',
  notFound: 'ページが見つかりません',
} as const;
export type PageKey = keyof typeof PAGE_TITLES;

/** 「用語集 | ひらく」: the page first so a row of browser tabs stays readable. */
export function documentTitle(page: string, siteName: string): string {
  return page === siteName ? siteName : `${page} | ${siteName}`;
}
