/**
 * TEXTS.guard: what members and operators read about re-upload blocking and the records kept
 * for 発信者情報開示. The refusals are neutral on purpose: they say what cannot be done, never why a
 * particular image or address is known to us.
 */
export const GUARD_MESSAGES = {
  imageRefused: 'この画像は投稿できません。別の画像を選んでください。',
  signupRefused: 'このメールアドレスでは登録できません。',
  disclosureTargetInvalid: '書き出す対象の種類を選んでください。',
  disclosureIdInvalid: '書き出す対象のIDが正しくありません。',
} as const;

/** TEXTS.guard.screens: the operators' side (case notes, the CSV's header). */
export const GUARD_TEXTS = {
  reuploadNote: (distance: number, caseId: number | null) =>
    `運営が削除した画像とよく似た画像（違い ${distance}ビット）のアップロードを拒否しました。${caseId === null ? '' : `元の判断: ケース #${caseId}`}`,
  csvHeader: ['種類', '対象ID', '会員ID', '送信元IPアドレス', '送信元ポート', '日時（日本時間）'],
  kinds: { report: 'レポートの投稿', comment: 'コメントの投稿', image: '画像のアップロード', signin: 'ログイン' },
} as const;
