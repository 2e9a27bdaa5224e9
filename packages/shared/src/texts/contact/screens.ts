import { COMMON_TEXTS } from '../common';

/** TEXTS.contact.screens: the /contact-form screen (docs/product.md sections 2, 4, 5). */
export const CONTACT_TEXTS = {
  lead: 'ご質問・ご意見・不具合のご報告などをお送りください。返信が必要な場合はメールアドレスをご記入ください。',
  category: 'お問い合わせの種類',
  name: 'お名前（任意）',
  nameHint: 'ニックネームでもかまいません。',
  email: 'メールアドレス（任意）',
  emailHint: 'ご記入いただいた場合のみ、このアドレスに返信します。',
  content: 'お問い合わせ内容',
  counter: COMMON_TEXTS.charCounter,
  submit: '送信する',
  sending: '送信しています...',
  resultTitle: 'お問い合わせ',
  ok: 'OK',
} as const;
