/** TEXTS.report.card: a report's card in the feed, the search results and a profile's list. */
export const REPORT_CARD_TEXTS = {
  likes: (n: number) => `いいね: ${n}`,
  authorIcon: (name: string) => `${name}さんのアイコン`,
} as const;
