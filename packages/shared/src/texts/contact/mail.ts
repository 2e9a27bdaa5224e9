/**
 * TEXTS.contact.mail: the enquiry mail sent to support (docs/product.md §7): the body lists the
 * category, the name (or 'anonymous'), the e-mail (or 'none given') and the content.
 */
export const CONTACT_MAIL_TEXTS = {
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
