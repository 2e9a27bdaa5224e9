import { LIMITS } from '../../limits';

/** TEXTS.moderation.cases: what the case queue's calls answer with (operators). */
export const CASE_MESSAGES = {
  caseNotFound: 'ケースが見つかりません。',
  caseClosed: 'このケースはすでに対応済みです。',
  caseClaimed: 'ケースを担当にしました。',
  caseAlreadyClaimed: 'このケースはすでにあなたの担当です。',
  caseClaimedByOther: 'このケースはほかの運営者が担当しています。',
  caseReleased: 'ケースの担当を外しました。',
  caseNotClaimed: 'このケースは誰の担当でもありません。',
  noteRequired: '運営メモを入力してください。',
  noteTooLong: `運営メモは${LIMITS.caseNoteMax}文字以内で入力してください。`,
  noteAdded: 'メモを追加しました。',
  actionNotForCase: 'このケースにはその対応はできません。',
  resolved: 'ケースに対応しました。',
  alreadyResolved: 'このケースはすでに同じ対応で終わっています。',
  bulkIdsInvalid: `ケースを選んでください（一度に${LIMITS.caseBulkMax}件まで）。`,
  bulkResolved: '選んだケースすべてに対応しました。',
  bulkNotOpen: '選んだケースの中に、すでに対応済みのものがあります。何も変更していません。',
  filterInvalid: '絞り込みの条件が正しくありません。',
  /** 要相談: an operator asks the admins to look at a case. */
  escalated: '要相談にしました。管理者に知らせます。',
  alreadyEscalated: 'このケースはすでに要相談になっています。',
  escalationWithdrawn: '要相談を取り下げました。',
  notEscalated: 'このケースは要相談になっていません。',
  escalationWithdrawForbidden: '要相談を取り下げられるのは、要相談にした運営者と管理者だけです。',
} as const;
