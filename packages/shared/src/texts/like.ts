/** TEXTS.like: what the like button and its calls answer with. */
export const LIKE_MESSAGES = {
  tooFast: '操作が早すぎます。少し待ってからお試しください。',
  ownReport: '自分のレポートにはいいねできません。',
  notFound: 'いいねできるレポートが見つかりません。',
  infoFailed: 'いいね情報の取得に失敗しました',
} as const;
