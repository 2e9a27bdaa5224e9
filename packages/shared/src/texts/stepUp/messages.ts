import { LIMITS, TIMINGS } from '../../limits';

const freshMinutes = TIMINGS.stepUpFreshSec / 60;

/** TEXTS.stepUp: the second look before what cannot be undone (issue 35): the API's answers. */
export const STEP_UP_MESSAGES = {
  required: `大切な操作のため、本人確認が必要です。パスワード（二段階認証が有効な場合は確認コードも）を入力してください。確認は${freshMinutes}分間有効です。`,
  confirmed: `本人確認ができました。${freshMinutes}分間は、確認なしで大切な操作を行えます。`,
  passwordRequired: 'パスワードを入力してください。',
  wrongPassword: 'パスワードが正しくありません。',
  codeRequired: `二段階認証が有効なため、確認コードも入力してください。認証アプリに表示されている${LIMITS.totpDigits}桁の数字、またはリカバリーコードが使えます。`,
  codeInvalid: '確認コードが正しくありません。最新のコードを入力してください。',
  noSessionRecord: 'このログインでは本人確認ができません。一度ログアウトして、もう一度ログインしてください。',
} as const;
