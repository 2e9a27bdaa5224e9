import { DIGEST_HOUR_JST } from '../notifications/kinds';

const UPHELD = '判断を維持';
const OVERTURNED = '判断を取り消し';

/** TEXTS.notification: what notifications say, and what their calls answer with. */
export const NOTIFICATION_MESSAGES = {
  invalidCursor: '読み込み位置が正しくありません。最初から読み込み直してください。',
  unsubscribeInvalid: 'この配信停止リンクは使えません。設定画面から変更してください。',
  unsubscribed: 'お知らせメールの配信を停止しました。',
  settingsSaved: '通知の設定を保存しました。',
  marked: '既読にしました。',
  announcementSent: 'お知らせを全員に送りました。',
  idsRequired: '既読にする通知を選んでください。',
} as const;

const someone = '退会したメンバー';

/** The lines a notification shows; the server composes them, so the list, the toast and the digest say the same. */
export const NOTIFICATION_LINES = {
  comment: (name: string | null, title: string) => `${name ?? someone}さんが「${title}」にコメントしました`,
  likes: (name: string | null, others: number, title: string) =>
    others > 0 ? `${name ?? someone}さんほか${others}人が「${title}」にいいねしました` : `${name ?? someone}さんが「${title}」にいいねしました`,
  decision: (action: string, target: string) => `運営があなたの${target}について判断しました（${action}）`,
  appeal: (outcome: string, target: string) => `あなたの${target}への異議申し立ての結果: ${outcome}`,
  flagOutcome: (outcome: string, target: string) => `あなたが通報した${target}の結果: ${outcome}`,
  announcement: (title: string) => `運営からのお知らせ: ${title}`,
  /** A followed member's reports of one Japan day, gathered in one notification. */
  followedReport: (name: string | null, reports: number) =>
    reports > 1 ? `フォロー中の${name ?? someone}さんが新しいレポートを${reports}件投稿しました` : `フォロー中の${name ?? someone}さんが新しいレポートを投稿しました`,
  newFollower: (name: string | null, others: number) =>
    others > 0 ? `${name ?? someone}さんほか${others}人があなたをフォローしました` : `${name ?? someone}さんがあなたをフォローしました`,
  followRequest: (name: string | null, others: number) =>
    others > 0 ? `${name ?? someone}さんほか${others}人からフォローリクエストが届きました` : `${name ?? someone}さんからフォローリクエストが届きました`,
  followApproved: (name: string | null) => `${name ?? someone}さんがフォローリクエストを承認しました`,
  targets: { report: 'レポート', comment: 'コメント', member: 'アカウント', content: '投稿' } as Record<string, string>,
  actions: {
    hide: '非表示',
    unhide: '再表示',
    delete: '削除',
    dismiss: '問題なし',
    harmless: '問題なし',
    warn: '注意',
    suspend: '利用停止',
    upheld: UPHELD,
    overturned: OVERTURNED,
    uphold: UPHELD,
    overturn: OVERTURNED,
    acted: '対応しました',
    contentWarnings: '注意書きの変更',
  } as Record<string, string>,
  otherAction: 'その他の対応',
} as const;

/** The notifications page, the bell, the toast and the settings section. */
export const NOTIFICATION_TEXTS = {
  pageTitle: '通知',
  bellLabel: (count: number) => (count > 0 ? `通知（未読${count}件）` : '通知'),
  empty: 'まだ通知はありません。',
  markAllRead: 'すべて既読にする',
  unread: '未読',
  loadFailed: '通知を読み込めませんでした。',
  retry: '再読み込み',
  toastLabel: '新しい通知',
  close: '閉じる',
  settingsTitle: '通知',
  settingsLead: `種類ごとに、アプリ内の通知とお知らせメール（毎日${DIGEST_HOUR_JST}時のまとめ）を選べます。`,
  inApp: 'アプリ内',
  email: 'メール',
  save: '保存する',
  kinds: {
    comment: 'レポートへのコメント',
    likes: 'レポートへのいいね',
    decision: 'あなたの投稿への運営の判断',
    appeal: '異議申し立ての結果',
    flagOutcome: '通報の結果',
    announcement: '運営からのお知らせ',
    followedReport: 'フォロー中の会員の新しいレポート',
    newFollower: '新しいフォロワー',
    followRequest: '届いたフォローリクエスト',
    followApproved: 'フォローリクエストの承認',
  },
  unsubscribeTitle: 'お知らせメールの配信停止',
  unsubscribeLead: 'ボタンを押すと、まとめメールの配信を停止します。ログインは不要です。',
  unsubscribeButton: '配信を停止する',
  announcementTitle: 'お知らせの送信',
  announcementLead: 'すべてのメンバーに届きます。送信後は取り消せません。',
  announcementTitleLabel: '件名',
  announcementBodyLabel: '本文',
  announcementSend: '全員に送信する',
} as const;

/** The daily digest mail. */
export const NOTIFICATION_MAIL_TEXTS = {
  digestSubject: (count: number) => `【ひらく】未読の通知が${count}件あります`,
  digestIntro: 'ひらくで、まだ見ていない通知があります。',
  digestMore: (count: number) => `ほか${count}件`,
  digestOpen: '通知を見る:',
  digestUnsubscribe: 'このメールの配信を停止する（ログイン不要）:',
  digestFooter: '通知の種類ごとの設定は、設定画面の「通知」から変更できます。',
} as const;
