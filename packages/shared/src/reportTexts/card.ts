/** REPORT_TEXTS.card: see ../reportTexts.ts. */
export const REPORT_TEXTS_CARD = {
  likes: (n: number) => `いいね: ${n}`,
  authorIcon: (name: string) => `${name}さんのアイコン`,
} as const;
