import { LIMITS, TIMINGS } from '../../limits';
import { ACCOUNT_MESSAGES } from '../account/messages';
import { SECURITY_MESSAGES } from '../security/messages';

const freshMinutes = TIMINGS.stepUpFreshSec / 60;

/** TEXTS.stepUp: the second look before what cannot be undone: the API's answers. */
export const STEP_UP_MESSAGES = {
  required: `大切な操作のため、本人確認が必要です。パスワード（二段階認証が有効な場合は確認コードも）を入力してください。確認は${freshMinutes}分間有効です。`,
  confirmed: `本人確認ができました。${freshMinutes}分間は、確認なしで大切な操作を行えます。`,
  passwordRequired: ACCOUNT_MESSAGES.passwordRequired,
  wrongPassword: ACCOUNT_MESSAGES.wrongPassword,
  codeRequired: `二段階認証が有効なため、確認コードも入力してください。認証アプリに表示されている${LIMITS.totpDigits}桁の数字、またはリカバリーコードが使えます。`,
  codeInvalid: SECURITY_MESSAGES.codeInvalid,
  passwordChanged: 'パスワードを変更しました。ほかの端末はすべてログアウトしました。',
  noSessionRecord: 'このログインでは本人確認ができません。一度ログアウトして、もう一度ログインしてください。',
} as const;
