import { LIMITS } from '../../limits';

/**
 * TEXTS.contact: what the contact form's call and the operators' enquiry calls answer with. A malformed
 * e-mail address gets TEXTS.account.emailInvalid, the same sentence as on the account forms.
 */
export const CONTACT_MESSAGES = {
  sent: 'お問い合わせを送信しました。',
  failed: 'お問い合わせの送信に失敗しました。もう一度お試しください。',
  categoryRequired: 'お問い合わせの種類を選んでください。',
  contentRequired: 'お問い合わせ内容を入力してください。',
  contentTooLong: `お問い合わせ内容は${LIMITS.contactContentMax}文字以内で入力してください。`,
  nameTooLong: `お名前は${LIMITS.contactNameMax}文字以内で入力してください。`,
  tooMany: 'お問い合わせが短時間に続いています。しばらく待ってからもう一度お試しください。',
  enquiryNotFound: 'お問い合わせが見つかりません。',
  markedHandled: '対応済みにしました。',
  markedUnhandled: '未対応に戻しました。',
} as const;
