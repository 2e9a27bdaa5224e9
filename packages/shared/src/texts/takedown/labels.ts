import { FLAG_CATEGORY_TEXTS } from '../flag/categories';

/** The takedown form's choices: who asks, and why. Stored as the keys, shown as these labels. */
export const TAKEDOWN_REQUESTER_LABELS = {
  self: '本人',
  agent: '代理人（弁護士、ご家族など）',
  rightsHolder: '権利者（著作権者など）',
} as const;
export type TakedownRequesterKind = keyof typeof TAKEDOWN_REQUESTER_LABELS;
export const TAKEDOWN_REQUESTER_KINDS = Object.keys(TAKEDOWN_REQUESTER_LABELS) as TakedownRequesterKind[];

export const TAKEDOWN_REASON_LABELS = {
  intimateImage: '私事性的画像（本人の同意なく公開された性的な画像・動画）',
  aiManipulatedPerson: FLAG_CATEGORY_TEXTS.aiManipulatedPerson.label,
  defamationPrivacy: '名誉毀損・プライバシー侵害',
  copyright: '著作権侵害',
  illegalObscene: '違法なわいせつ画像（無修正など）',
  other: 'その他',
} as const;
export type TakedownReason = keyof typeof TAKEDOWN_REASON_LABELS;
export const TAKEDOWN_REASONS = Object.keys(TAKEDOWN_REASON_LABELS) as TakedownReason[];
