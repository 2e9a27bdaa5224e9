import { LIMITS, TIMINGS } from '../../limits';
import { ACCOUNT_TEXTS } from '../account/screens';
import { inHours } from '../units';

/** TEXTS.takedown: what the takedown request form and its confirmation answer with. */
export const TAKEDOWN_MESSAGES = {
  received: 'ご依頼を受け付けました。ご入力のメールアドレスに確認メールをお送りしました。メール内のリンクを開くと、ご依頼が運営者に届きます。',
  confirmed: 'メールアドレスを確認しました。ご依頼は運営者に届きました。対応の結果は、メールでお知らせします。',
  alreadyConfirmed: 'このご依頼は確認済みです。対応の結果は、メールでお知らせします。',
  confirmInvalid: `確認リンクが無効か、有効期限（${inHours(TIMINGS.takedownConfirmTtlSec)}時間）が切れています。お手数ですが、もう一度ご依頼ください。`,
  urlRequired: '削除を求めるページのURLを入力してください。',
  urlInvalid: 'URLは https:// または http:// から始まる形式で入力してください。',
  // Issue 39: only this site's own content can be removed from here.
  urlElsewhere: 'ひらくのページのアドレスを入力してください。ほかのサイトに掲載されている内容は、ひらくでは削除できません。',
  urlNotContent: '削除を求めるレポート、コメント、または会員のプロフィールのページのアドレスを入力してください。',
  urlTooLong: `URLは${LIMITS.takedownUrlMax}文字以内で入力してください。`,
  requesterRequired: 'ご依頼者の立場を選んでください。',
  reasonRequired: '削除を求める理由を選んでください。',
  descriptionRequired: '詳しい事情を入力してください。',
  descriptionTooLong: `詳しい事情は${LIMITS.takedownDescriptionMax}文字以内で入力してください。`,
  confirming: ACCOUNT_TEXTS.verifyEmail.verifying,
  // Issue 35: limits per recipient address and per address range (the form could flood one inbox).
  tooManyForAddress: `このメールアドレスには、本日すでに確認メールを${LIMITS.takedownMailsPerAddressPerDay}通お送りしました。届いているメールのリンクを開くか、明日以降にもう一度お試しください。`,
  tooManyFromRange: 'お使いのネットワークから短時間に多くの申請がありました。しばらく時間をおいてから、もう一度お試しください。',
} as const;
