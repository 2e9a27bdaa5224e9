/** The フォロー中 tab of /reports (issue 36), apart from FOLLOW_TEXTS (which spreads them): /reports' first paint needs only these. */
export const FOLLOWING_FEED_TEXTS = {
  followingTab: 'フォロー中',
  followingEmpty: 'フォロー中の会員・タグ・カテゴリーの新しいレポートはまだありません。',
} as const;
