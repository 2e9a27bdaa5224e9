import { linkExpires } from '../account/mail';
import { inHours } from '../units';
import { LIMITS, TIMINGS } from '../../limits';
import { PUBLIC_CONTACTS } from '../../publicContacts';

/** The takedown request mails: confirm the address, receipt, decision. Never a word about the member concerned. */
export const TAKEDOWN_MAIL_TEXTS = {
  confirmSubject: '削除依頼のメールアドレス確認のお願い',
  confirmIntro: '削除依頼フォームからのご依頼を受け付けました。下のリンクを開いて、メールアドレスの確認を完了してください。確認が済むと、ご依頼が運営者に届きます。',
  confirmExpiry: linkExpires(inHours(TIMINGS.takedownConfirmTtlSec)),
  confirmNotYou: 'お心当たりのない場合は、このメールを破棄してください。ご依頼は運営者に届きません。',
  receiptSubject: '削除依頼を受け付けました',
  receiptIntro: 'メールアドレスの確認が完了し、ご依頼が運営者に届きました。',
  receiptClockIntimate: `私事性的画像に関するご依頼は、原則として${LIMITS.takedownIntimateDueDays}日以内に判断し、結果をお知らせします。`,
  receiptClockOther: `ご依頼は、原則として${LIMITS.takedownOtherDueDays}日以内に判断し、結果をお知らせします。`,
  receiptRef: '受付番号',
  /** The note a confirmed request leaves on its case, for the operators. */
  noteHeading: '削除依頼',
  noteRequester: '依頼者',
  noteReason: '理由',
  receiptUrl: '対象のURL',
  decisionSubject: '削除依頼への対応結果のお知らせ',
  decisionIntro: 'お寄せいただいた削除依頼について、運営者が判断しました。',
  decisionRemoved: 'ご依頼の内容を確認し、対象を削除または非公開にしました。',
  decisionNotRemoved: 'ご依頼の内容を確認しましたが、当サイトのガイドラインに照らして、現時点では削除を見送りました。事情が変わった場合や、新たな資料がある場合は、あらためてご依頼ください。',
  decisionPrivacy: 'なお、対象の投稿者に関する情報は、法令に基づく場合を除き、お伝えできません。',
  police: `違法な画像の被害に遭われている場合は、警察の相談窓口（${PUBLIC_CONTACTS.policeConsultation}）や、${PUBLIC_CONTACTS.internetHotlineCenter.name}にもご相談いただけます。`,
} as const;
