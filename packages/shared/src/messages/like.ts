/** MESSAGES.like: see ../messages.ts. */
export const MESSAGES_LIKE = {
  tooFast: '操作が早すぎます。少し待ってからお試しください。',
  ownReport: '自分のレポートにはいいねできません。',
} as const;
