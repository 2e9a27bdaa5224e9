import { LIMITS } from '../limits';

/** MESSAGES.profile: see ../messages.ts. */
export const MESSAGES_PROFILE = {
  checkFailed: 'プロフィールの確認に失敗しました。もう一度お試しください。',
  notSet: 'プロフィールが設定されていません。作成してください。',
  saved: 'プロフィールを保存しました',
  saveFailed: 'プロフィールの保存に失敗しました。',
  fetchFailed: 'プロフィールの取得に失敗しました。',
  usernameRequired: 'ユーザー名を入力してください。',
  usernameTooLong: `ユーザー名は${LIMITS.usernameMax}文字以内で入力してください。`,
  twitterIdInvalid: 'XのIDは半角英数字とアンダースコアで15文字以内で入力してください。',
  noArticles: 'まだレポートが作成されていません。',
} as const;
