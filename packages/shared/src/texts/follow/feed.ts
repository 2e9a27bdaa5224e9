/**
 * The フォロー中 tab of /reports and the cards' follow button while its code loads, apart from
 * FOLLOW_TEXTS (which spreads them): /reports' first paint needs only these.
 */
export const FOLLOWING_FEED_TEXTS = {
  followingTab: 'フォロー中',
  follow: 'フォローする',
  followingEmpty: 'フォロー中の会員・タグ・カテゴリーの新しいレポートはまだありません。',
} as const;
