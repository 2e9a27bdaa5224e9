import { REPORT_CARD_TEXTS } from '../report/card';
import { ACCOUNT_TEXTS } from '../account/screens';
import { COMMON_TEXTS } from '../common';
import { PAGE_TITLES, SHELL_TEXTS } from '../shell';
import { LIMITS } from '../../limits';
import { inMegabytes } from '../units';
import { CATEGORY_NAMES } from '../taxonomy/categoryNames';

const LOADING_PROFILE = 'プロフィールを読み込んでいます...';

/** TEXTS.profile.screens: words of the profile, dashboard and public-profile screens. */
export const PROFILE_TEXTS = {
  form: {
    createTitle: 'プロフィールを作成',
    editTitle: PAGE_TITLES.profile,
    createLead: 'ほかの会員に表示されるプロフィールです。レポートを書く前に作成してください。',
    editLead: 'ほかの会員に表示されるプロフィールです。メールアドレスは表示されません。',
    username: 'ユーザー名',
    usernameHint: `${LIMITS.usernameMax}文字以内。ほかの会員に表示されます。`,
    gender: CATEGORY_NAMES.gender,
    sexualOrientation: CATEGORY_NAMES.sexualOrientation,
    role: CATEGORY_NAMES.role,
    choose: COMMON_TEXTS.choose,
    selectRequired: (label: string) => `${label}を選択してください。`,
    twitterId: 'X（旧Twitter）のID',
    twitterIdHint: `任意。半角英数字とアンダースコアで${LIMITS.twitterIdMax}文字以内（先頭の@は不要です）。`,
    submitCreate: 'プロフィールを作成する',
    submitEdit: '保存する',
    cancel: 'マイページへ戻る',
    loading: LOADING_PROFILE,
    retry: COMMON_TEXTS.retry,
    deleteAccount: ACCOUNT_TEXTS.deleteAccount.submit,
  },
  icon: {
    legend: 'アイコン',
    current: '現在のアイコン',
    preview: '新しいアイコンのプレビュー',
    none: 'アイコン未設定（標準のアイコンを表示します）',
    choose: '画像を選ぶ',
    change: '画像を変更',
    hint: `JPEG・PNG・WebP・GIF、${inMegabytes(LIMITS.imageMaxBytes)}MBまで。保存すると正方形に切り抜かれます。`,
    selected: (name: string) => `選択中：${name}（保存すると反映されます）`,
    undo: '選択を取り消す',
    remove: 'アイコンを削除',
    removeConfirm: '現在のアイコンを削除しますか？',
    removeFailed: 'アイコンの削除に失敗しました。',
  },
  card: {
    iconAlt: REPORT_CARD_TEXTS.authorIcon,
    publicId: '会員ID',
    edit: 'プロフィールを編集',
    xLink: (id: string) => `X：@${id}`,
    xLinkLabel: (id: string) => `Xのアカウント @${id}（新しいタブで開きます）`,
    viewPublic: '公開プロフィールを見る',
    attributes: 'プロフィール情報',
  },
  dashboard: {
    counters: '活動の記録',
    reportCount: '作成したレポート',
    likesReceived: 'もらったいいね',
    myReports: '自分のレポート',
    writeReport: PAGE_TITLES.createReport,
    loading: 'マイページを読み込んでいます...',
  },
  reportItem: {
    draft: '[下書き]',
    published: '[公開]',
    hidden: '運営により非表示',
    likes: (n: number) => `いいね ${n}`,
    edit: '編集する',
    editLabel: (title: string) => `「${title}」を編集する`,
    details: '詳細を見る',
    detailsLabel: (title: string) => `「${title}」の詳細を見る`,
    thumbnailAlt: '',
  },
  publicProfile: {
    reports: (username: string) => `${username}さんのレポート`,
    noReports: 'まだ公開されたレポートはありません。',
    loading: LOADING_PROFILE,
    notFoundLead: 'この会員は存在しないか、プロフィールを公開していません。',
    toReports: SHELL_TEXTS.toReports,
    ownNote: 'これはほかの会員に表示されるあなたのプロフィールです。',
    toDashboard: 'マイページへ',
  },
} as const;
