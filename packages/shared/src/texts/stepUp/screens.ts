import { LIMITS } from '../../limits';
import { PASSKEY_TEXTS } from '../passkeys/screens';

/** The step-up dialog (packages/ui): asks for the password (and code) again, then retries the action. */
export const STEP_UP_TEXTS = {
  title: '本人確認',
  intro: 'この操作を続けるには、もう一度パスワードを入力してください。',
  introWithCode: 'この操作を続けるには、もう一度パスワードと二段階認証の確認コードを入力してください。',
  password: 'パスワード',
  code: `確認コード（${LIMITS.totpDigits}桁の数字またはリカバリーコード）`,
  submit: '確認して続ける',
  submitting: '確認しています…',
  cancel: 'やめる',
  /** For a member with a passkey (or only one): the authenticator instead of the password. */
  orPasskey: 'または',
  usePasskey: PASSKEY_TEXTS.login.secondStep,
} as const;
