/** The contact form's categories (a radio group), with TEXTS.contact.categoryLabels, their names. */
export const CONTACT_CATEGORIES = ['account', 'content', 'bug', 'privacy', 'request', 'other'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  account: 'アカウント・ログインについて',
  content: 'レポート・コメントについて',
  bug: '不具合のご報告',
  privacy: '登録データの開示・訂正・削除',
  request: 'ご意見・ご要望',
  other: 'その他',
};
