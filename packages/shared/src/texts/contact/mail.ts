import { COMMON_TEXTS } from '../common';
import { CONTACT_TEXTS } from './screens';

/**
 * TEXTS.contact.mail: the enquiry mail sent to support (docs/product.md §7): the body lists the
 * category, the name (or 'anonymous'), the e-mail (or 'none given') and the content.
 */
export const CONTACT_MAIL_TEXTS = {
  subjectPrefix: 'お問い合わせ',
  intro: 'お問い合わせフォームから次の内容が送信されました。',
  category: CONTACT_TEXTS.category,
  name: 'お名前',
  anonymous: '匿名',
  email: COMMON_TEXTS.email,
  noEmail: '記入なし',
  member: '会員',
  visitor: 'ログインしていない訪問者',
  sender: '送信者',
  content: CONTACT_TEXTS.content,
  operatorsNote: '運営用ツールの「お問い合わせ」にも同じ内容が保存されています。',
} as const;
