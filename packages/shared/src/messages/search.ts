/** MESSAGES.search: see ../messages.ts. */
export const MESSAGES_SEARCH = {
  fetchFailed: '検索結果の取得に失敗しました。',
  noResults: '条件に合うレポートは見つかりませんでした。',
} as const;
