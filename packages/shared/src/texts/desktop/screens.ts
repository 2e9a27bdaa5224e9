import { NOTIFICATION_TEXTS } from '../notification';
import { MODERATION_TEXTS } from '../moderation/screens';
import { PAGE_TITLES, SHELL_TEXTS } from '../shell';

const ABOUT_APP = 'ひらく運営について';

/**
 * TEXTS.desktop.screens: every word of the operators' desktop app (ひらく運営) that is not already a
 * screen of packages/ui: the server-address screen, the application menu, notifications and the About
 * dialog. The main process's refusals are TEXTS.desktop.
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
    /** Issue 38: the read-only queue shown while the server cannot be reached. */
    readOnly: (savedAt: string) => `サーバーに接続できないため、${savedAt} 時点の通報キューを表示しています（閲覧のみ）。`,
    readOnlyEmpty: 'サーバーに接続できません。保存された通報キューはまだありません。',
    banner: 'サーバーに接続できません。ネットワークとサーバーの状態を確認してください。接続が戻ると自動で再開します。',
    retry: '再接続',
  },
  operatorMenu: {
    label: MODERATION_TEXTS.nav.label,
    moderationQueue: MODERATION_TEXTS.titles.queue,
    members: MODERATION_TEXTS.titles.members,
    auditLog: MODERATION_TEXTS.titles.auditLog,
    noticeTemplates: MODERATION_TEXTS.titles.noticeTemplates,
    categories: PAGE_TITLES.categoryManager,
    tags: PAGE_TITLES.tagManager,
    enquiries: MODERATION_TEXTS.titles.enquiries,
    analytics: MODERATION_TEXTS.titles.analytics,
    announcements: NOTIFICATION_TEXTS.announcementTitle,
    logout: SHELL_TEXTS.moreMenu.logout,
  },
  appMenu: {
    file: 'ファイル',
    edit: '編集',
    view: '表示',
    window: 'ウインドウ',
    /** Issue 38: the operators' screens from the application menu (and Ctrl/⌘+1…9). */
    go: '移動',
    help: 'ヘルプ',
    about: ABOUT_APP,
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
  /** Issue 38: a newer version on the update feed set in settings.json (updateFeedUrl). */
  /** 設定 › アプリの更新: where the app looks for new versions (a generic feed). */
  updateFeed: {
    heading: 'アプリの更新',
    lead: '新しいバージョンを確認する配信元です。設定すると、アプリの起動時に確認し、新しいバージョンがあればお知らせします。空欄にすると確認しません。',
    label: '更新の配信元（URL）',
    hint: '例: https://updates.example.jp/hiraku-operators/',
    save: '保存する',
    saved: '保存しました。次にアプリを起動したときから確認します。',
    cleared: '更新の確認をやめました。',
  },
  update: {
    title: '新しいバージョンがあります',
    message: (version: string) => `ひらく運営 ${version} を利用できます。`,
    detail: 'ダウンロードしておくと、次にアプリを終了したときに更新されます。作業中の画面はそのまま使えます。',
    download: 'ダウンロードする',
    later: 'あとで',
  },
  about: {
    title: ABOUT_APP,
    detail: (version: string, server: string | null) =>
      `バージョン ${version}\n接続先: ${server ?? '未設定'}\n\nひらくの運営者向けデスクトップアプリです。`,
    ok: 'OK',
  },
  notifications: {
    newReportsTitle: '急ぎの通報があります',
    /** A severe case opened (未成年・同意のない画像・違法なわいせつ画像, or an appeal), or a case passed its due time. */
    newReportsBody: (severe: number, overdue: number) =>
      [severe > 0 ? `重大な通報の新しいケースが${severe}件あります。` : '', overdue > 0 ? `期限を過ぎたケースが${overdue}件あります。` : ''].join(''),
    trayTooltip: (count: number) => (count > 0 ? `ひらく運営（確認待ちの通報 ${count}件）` : 'ひらく運営'),
    trayOpen: 'ひらく運営を開く',
  },
} as const;
