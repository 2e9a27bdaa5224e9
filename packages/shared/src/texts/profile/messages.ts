import { LIMITS } from '../../limits';
import type { CategoryKey } from '../../taxonomy';
import { CATEGORY_NAMES } from '../taxonomy/categoryNames';

/** TEXTS.profile: what the profile and icon calls answer with, and the profile screens' alerts. */
export const PROFILE_MESSAGES = {
  checkFailed: 'プロフィールの確認に失敗しました。もう一度お試しください。',
  notSet: 'プロフィールが設定されていません。作成してください。',
  saved: 'プロフィールを保存しました',
  saveFailed: 'プロフィールの保存に失敗しました。',
  fetchFailed: 'プロフィールの取得に失敗しました。',
  notFound: 'プロフィールが見つかりません。',
  /** A public id that names no member (a member's reports, the operators' member actions). */
  memberNotFound: '会員が見つかりません。',
  usernameRequired: 'ユーザー名を入力してください。',
  usernameTooLong: `ユーザー名は${LIMITS.usernameMax}文字以内で入力してください。`,
  usernameInvalidCharacters: 'ユーザー名に使えない文字（改行や制御文字）が含まれています。',
  twitterIdInvalid: `XのIDは半角英数字とアンダースコアで${LIMITS.twitterIdMax}文字以内で入力してください。`,
  tagInvalid: (category: Extract<CategoryKey, 'gender' | 'sexualOrientation' | 'role'>) =>
    `${CATEGORY_NAMES[category]}の選択肢が正しくありません。選び直してください。`,
  noArticles: 'まだレポートが作成されていません。',
  iconDeleted: 'アイコンを削除しました。',
  notOwnIcon: '自分のアイコンのみ削除できます。',
  iconSaveFailed: 'アイコンを保存できませんでした。時間をおいて再度お試しください。',
} as const;
