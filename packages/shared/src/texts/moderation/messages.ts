import { LIMITS } from '../../limits';

/**
 * TEXTS.moderation: what the operators' moderation calls answer with. A report, comment or member that
 * is not there gets the sentence its own domain has (TEXTS.report.notFound and so on).
 */
export const MODERATION_MESSAGES = {
  reasonRequired: '理由を入力してください。',
  reasonTooLong: `理由は${LIMITS.moderationReasonMax}文字以内で入力してください。`,
  actionInvalid: '操作を選んでください。',
  roleInvalid: '権限を選んでください。',
  imageLabelInvalid: '画像のセンシティブ表示の指定が正しくありません。',
  imageLockNeedsLabel: '固定できるのは、センシティブな画像に設定した画像だけです。',
  statusInvalid: '表示する通報の種類が正しくありません。',
  untilInvalid: '停止の終了日時が正しくありません。',
  untilInPast: '停止の終了日時には、これから先の日時を指定してください。',
  cursorInvalid: '続きの読み込みに失敗しました。最初から読み込み直してください。',
  queryTooLong: `検索語は${LIMITS.memberQueryMax}文字以内で入力してください。`,
  actionFilterInvalid: '操作の種類が正しくありません。',
  cannotSuspendSelf: '自分自身を利用停止にすることはできません。',
  cannotSuspendOperator: '運営者は利用停止にできません。先に権限を会員に戻してください。',
  cannotChangeOwnRole: '自分自身の権限は変更できません。',
  lastOperator: '最後の運営者は会員に戻せません。先にほかの会員を運営者にしてください。',
  /** Issue 38: only an admin makes or unmakes an admin. */
  adminRoleByAdminsOnly: '管理者の任命と解除は、管理者だけが行えます。',
  reportHidden: 'レポートを非表示にしました。',
  reportUnhidden: 'レポートを再表示しました。',
  reportAlreadyHidden: 'このレポートはすでに非表示です。',
  reportAlreadyShown: 'このレポートはすでに表示されています。',
  memberSuspended: '会員を利用停止にしました。',
  memberAlreadySuspended: 'この会員はすでに同じ条件で利用停止中です。',
  memberUnsuspended: '利用停止を解除しました。',
  memberNotSuspended: 'この会員は利用停止中ではありません。',
  roleChanged: '権限を変更しました。',
  roleUnchanged: 'この会員はすでにその権限です。',
} as const;
