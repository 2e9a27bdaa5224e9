import { LIMITS } from '../../limits';

/** TEXTS.flag: what members' flag (通報) and appeal calls answer with. */
export const FLAG_MESSAGES = {
  targetTypeInvalid: '通報する対象の種類が正しくありません。',
  targetInvalid: '通報する対象が見つかりません。',
  categoryInvalid: '通報の理由を選んでください。',
  noteTooLong: `メモは${LIMITS.flagNoteMax}文字以内で入力してください。`,
  ownContent: '自分自身や自分の投稿は通報できません。',
  received: '通報を受け付けました。運営が確認します。',
  updated: '通報の内容を更新しました。',
  caseNotFound: '対象の判断が見つかりません。',
  appealTextRequired: '申し立ての内容を入力してください。',
  appealTextTooLong: `申し立ての内容は${LIMITS.appealTextMax}文字以内で入力してください。`,
  appealNotAllowed: 'この判断には異議を申し立てられません。',
  appealAlreadyFiled: 'この判断にはすでに異議を申し立てています。異議の申し立ては一度だけできます。',
  appealTooLate: `異議の申し立ては判断から${LIMITS.appealWindowDays}日以内に限られます。`,
  appealFiled: '異議の申し立てを受け付けました。運営が改めて確認し、結果をお知らせします。',
} as const;
