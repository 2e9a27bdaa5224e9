/**
 * Every word of the operators' desktop app (ひらく運営) that is not already a screen of packages/ui:
 * the server-address screen, the application menu, notifications, the About dialog and the refusals of
 * the main process's request proxy.
 */
export const DESKTOP_TEXTS = {
  productName: 'ひらく運営',
  serverSetup: {
    title: '接続するサーバー',
    lead: 'ひらくのサーバーのアドレスを入力してください。次回からは入力は不要です。',
    label: 'サーバーのアドレス',
    hint: '例: https://hiraku.example.jp（手元で試すときは http://localhost:3000 も使えます）',
    submit: '接続する',
    change: 'サーバーを変更',
  },
  offline: {
    banner: 'サーバーに接続できません。ネットワークとサーバーの状態を確認してください。接続が戻ると自動で再開します。',
    retry: '再接続',
  },
  operatorMenu: {
    label: '運営メニュー',
    moderationQueue: '通報キュー',
    members: '会員管理',
    auditLog: '操作履歴',
    categories: 'カテゴリ管理',
    tags: 'タグ管理',
    enquiries: 'お問い合わせ',
    analytics: 'アクセス解析',
    logout: 'ログアウト',
    comingSoon: 'この画面は準備中です。次の更新で使えるようになります。',
  },
  appMenu: {
    file: 'ファイル',
    edit: '編集',
    view: '表示',
    window: 'ウインドウ',
    help: 'ヘルプ',
    about: 'ひらく運営について',
    preferences: '設定',
    notifications: '新しい通報を通知する',
    changeServer: 'サーバーを変更…',
    quit: 'ひらく運営を終了',
    hide: 'ひらく運営を隠す',
    hideOthers: 'ほかを隠す',
    showAll: 'すべてを表示',
    close: 'ウインドウを閉じる',
    undo: '取り消す',
    redo: 'やり直す',
    cut: '切り取り',
    copy: 'コピー',
    paste: '貼り付け',
    selectAll: 'すべてを選択',
    reload: '再読み込み',
    back: '戻る',
    forward: '進む',
    actualSize: '実際のサイズ',
    zoomIn: '拡大',
    zoomOut: '縮小',
    fullScreen: 'フルスクリーン',
    minimize: '最小化',
    zoom: 'ズーム',
    devTools: '開発者ツール',
    openWebsite: 'ひらくをブラウザで開く',
  },
  about: {
    title: 'ひらく運営について',
    detail: (version: string, server: string | null) =>
      `バージョン ${version}\n接続先: ${server ?? '未設定'}\n\nひらくの運営者向けデスクトップアプリです。`,
    ok: 'OK',
  },
  notifications: {
    newReportsTitle: '新しい通報があります',
    newReportsBody: (count: number) => `確認待ちの通報コメントが${count}件あります。`,
    trayTooltip: (count: number) => (count > 0 ? `ひらく運営（確認待ちの通報 ${count}件）` : 'ひらく運営'),
    trayOpen: 'ひらく運営を開く',
  },
} as const;

/** Refusals of the desktop app's main process, shown as the `message` of a failed call. */
export const DESKTOP_MESSAGES = {
  operatorsOnly: 'このアプリは運営者専用です。運営者のアカウントでログインしてください（会員の方はウェブ版をご利用ください）。',
  serverUrlRequired: 'サーバーのアドレスを入力してください。',
  serverUrlInvalid: 'サーバーのアドレスの形式が正しくありません（例: https://hiraku.example.jp）。',
  serverUrlHttpsRequired: 'サーバーのアドレスは https:// で始めてください（http:// は localhost と 127.0.0.1 だけで使えます）。',
  serverNotConfigured: '接続するサーバーが設定されていません。',
  callRefused: 'このアプリからは実行できない操作です。',
  unreachable: 'サーバーに接続できません。ネットワークとサーバーの状態を確認してください。',
  timeout: 'サーバーの応答がありません。しばらくしてからもう一度お試しください。',
} as const;
