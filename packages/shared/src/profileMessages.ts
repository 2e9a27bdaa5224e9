import { CATEGORY_NAMES, type CategoryKey } from './taxonomy';

/** Profile texts beyond MESSAGES.profile (kept apart so the profile work does not edit messages.ts). */
export const PROFILE_MESSAGES = {
  notFound: 'プロフィールが見つかりません。',
  usernameInvalidCharacters: 'ユーザー名に使えない文字（改行や制御文字）が含まれています。',
  tagInvalid: (category: Extract<CategoryKey, 'gender' | 'sexualOrientation' | 'role'>) =>
    `${CATEGORY_NAMES[category]}の選択肢が正しくありません。選び直してください。`,
  iconDeleted: 'アイコンを削除しました。',
  notOwnIcon: '自分のアイコンのみ削除できます。',
  iconSaveFailed: 'アイコンを保存できませんでした。時間をおいて再度お試しください。',
} as const;
