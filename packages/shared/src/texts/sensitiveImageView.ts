/**
 * What a blurred or hidden sensitive image says on a card or a report, apart from the rest of
 * SENSITIVE_IMAGE_TEXTS (which spreads them): cards are on /reports' first paint, the form and 設定 are not.
 */
export const SENSITIVE_IMAGE_VIEW_TEXTS = {
  label: 'センシティブな画像',
  badge: 'センシティブ',
  reveal: '表示する',
  revealing: '読み込み中…',
  blurredAlt: 'ぼかしたセンシティブな画像',
  hidden: 'センシティブな画像（非表示）',
  revealFailed: '画像を表示できませんでした。時間をおいてもう一度お試しください。',
} as const;
