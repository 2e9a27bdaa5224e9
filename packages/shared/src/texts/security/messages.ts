import { LIMITS } from '../../limits';
import { ACCOUNT_MESSAGES } from '../account/messages';

/** TEXTS.security: what two-factor sign-in and the sessions list answer with. */
export const SECURITY_MESSAGES = {
  codeRequired: `確認コードを入力してください。認証アプリに表示されている${LIMITS.totpDigits}桁の数字、またはリカバリーコードが使えます。`,
  codeInvalid: '確認コードが正しくありません。最新のコードを入力してください。',
  codeFormat: `確認コードは${LIMITS.totpDigits}桁の数字、またはリカバリーコードで入力してください。`,
  challengeExpired: 'ログインの手続きの有効期限が切れました。もう一度メールアドレスとパスワードを入力してください。',
  operatorNeedsTwoFactor: '運営者の操作を行うには、二段階認証の設定が必要です。設定画面の「二段階認証」から設定してください。',
  setupNotStarted: '二段階認証の設定が始まっていません。最初からやり直してください。',
  alreadyEnabled: '二段階認証はすでに有効です。',
  notEnabled: '二段階認証は有効になっていません。',
  enabled: `二段階認証を有効にしました。リカバリーコード${LIMITS.recoveryCodeCount}個を安全な場所に保管してください。表示されるのはこの一度だけです。`,
  disabled: '二段階認証を無効にしました。',
  wrongPassword: ACCOUNT_MESSAGES.wrongPassword,
  sessionNotFound: '指定されたログイン中の端末が見つかりません。すでにログアウトしている可能性があります。',
  sessionEnded: 'この端末をログアウトさせました。',
  otherSessionsEnded: 'ほかのすべての端末をログアウトさせました。',
} as const;
