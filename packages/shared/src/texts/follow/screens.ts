import { FOLLOWING_FEED_TEXTS } from './feed';

const FOLLOWERS_ONLY = 'フォロワーのみ';

/** TEXTS.follow.screens (issue 36): the follow button, the フォロー中 tab, 設定 and the dashboard. */
export const FOLLOW_TEXTS = {
  ...FOLLOWING_FEED_TEXTS,
  following: 'フォロー中',
  requested: 'リクエスト中',
  unfollow: 'フォローをやめる',
  followMemberLabel: (name: string) => `${name}さんをフォローする`,
  unfollowMemberLabel: (name: string) => `${name}さんのフォローをやめる`,
  followTagLabel: (name: string) => `タグ「${name}」をフォローする`,
  followCategoryLabel: (name: string) => `カテゴリー「${name}」をフォローする`,
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
