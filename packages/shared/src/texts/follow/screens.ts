import { FOLLOWING_FEED_TEXTS } from './feed';

const FOLLOWERS_ONLY = 'フォロワーのみ';

/** TEXTS.follow.screens: the follow button, the フォロー中 tab, 設定 and the dashboard. */
export const FOLLOW_TEXTS = {
  ...FOLLOWING_FEED_TEXTS,
  following: 'フォロー中',
  requested: 'リクエスト中',
  unfollow: 'フォローをやめる',
  followMemberLabel: (name: string) => `${name}さんをフォローする`,
  unfollowMemberLabel: (name: string) => `${name}さんのフォローをやめる`,
  followTagLabel: (name: string) => `タグ「${name}」をフォローする`,
  followCategoryLabel: (name: string) => `カテゴリー「${name}」をフォローする`,
  unfollowTagLabel: (name: string) => `タグ「${name}」のフォローをやめる`,
  unfollowCategoryLabel: (name: string) => `カテゴリー「${name}」のフォローをやめる`,
  /** The small button beside a tag or a category. */
  followShort: 'フォロー',
  followingListTitle: 'フォロー中',
  followingListLead: 'あなたがフォローしている会員・タグ・カテゴリーです。この一覧はあなたにだけ表示されます。',
  followingListEmpty: 'まだ何もフォローしていません。レポートの作者やタグの「フォロー」から追加できます。',
  followingListTotal: (count: number) => `${count.toLocaleString('ja-JP')}件`,
  followKindLabels: { member: '会員', tag: 'タグ', category: 'カテゴリー' },
  unfollowItemLabel: (kind: string, name: string) => `${kind}「${name}」のフォローをやめる`,
  previousPage: '前へ',
  nextPage: '次へ',
  pageOf: (page: number) => `${page}ページ目`,
  unnamed: '（名前なし）',
  followerCount: (count: number) => `フォロワー ${count.toLocaleString('ja-JP')}人`,
  settingsTitle: 'フォロー',
  approvalLabel: 'フォロー承認制',
  approvalHelp: 'オンにすると、フォローはリクエストになり、あなたが承認した人だけがフォロワーになります。「フォロワーのみ」のレポートを書けるようになります。',
  requestsTitle: 'フォローリクエスト',
  requestsEmpty: 'フォローリクエストはありません。',
  approve: '承認する',
  decline: 'お断りする',
  followersTitle: 'フォロワー',
  followersEmpty: 'フォロワーはまだいません。',
  followersPrivacy: 'フォロワーの一覧はあなたにだけ表示されます。誰が誰をフォローしているかは、ほかの会員には表示されません。',
  audienceLabel: '公開範囲',
  audienceMembers: '全会員',
  audienceFollowers: FOLLOWERS_ONLY,
  audienceFollowersBadge: FOLLOWERS_ONLY,
} as const;
