/** The contact form's categories (a radio group) and the words of the enquiry mail sent to support. */
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

/** docs/product.md §7: the body lists the category, the name (or 'anonymous'), the e-mail (or 'none given') and the content. */
export const ENQUIRY_MAIL_TEXTS = {
  subjectPrefix: 'お問い合わせ',
  intro: 'お問い合わせフォームから次の内容が送信されました。',
  category: 'お問い合わせの種類',
  name: 'お名前',
  anonymous: '匿名',
  email: 'メールアドレス',
  noEmail: '記入なし',
  member: '会員',
  visitor: 'ログインしていない訪問者',
  sender: '送信者',
  content: 'お問い合わせ内容',
  operatorsNote: '運営用ツールの「お問い合わせ」にも同じ内容が保存されています。',
} as const;

/** The words of the /contact-form screen (docs/product.md sections 2, 4, 5). */
export const CONTACT_FORM_TEXTS = {
  lead: 'ご質問・ご意見・不具合のご報告などをお送りください。返信が必要な場合はメールアドレスをご記入ください。',
  category: 'お問い合わせの種類',
  name: 'お名前（任意）',
  nameHint: 'ニックネームでもかまいません。',
  email: 'メールアドレス（任意）',
  emailHint: 'ご記入いただいた場合のみ、このアドレスに返信します。',
  content: 'お問い合わせ内容',
  counter: (n: number, max: number) => `${n} / ${max}文字`,
  submit: '送信する',
  sending: '送信しています...',
  resultTitle: 'お問い合わせ',
  ok: 'OK',
} as const;
