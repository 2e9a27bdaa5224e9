import { LIMITS } from '../../limits';

/** TEXTS.security.screens: the login's code step and the settings sections for two-factor sign-in and sessions. */
export const SECURITY_TEXTS = {
  loginCode: {
    heading: '確認コードの入力',
    lead: `二段階認証が有効なアカウントです。認証アプリに表示されている${LIMITS.totpDigits}桁の確認コードを入力してください。`,
    label: '確認コード',
    hint: '認証アプリを使えない場合は、リカバリーコード（例: ABCDE-FGHJK）を入力できます。各コードは一度だけ使えます。',
    submit: '確認してログイン',
    startOver: 'メールアドレスの入力に戻る',
  },
  twoFactor: {
    heading: '二段階認証',
    lead: 'ログインのときに、パスワードに加えて認証アプリ（Google Authenticator、Microsoft Authenticator など）の確認コードを求めます。パスワードが漏れても、第三者はログインできません。',
    operatorRequired: '運営者のアカウントでは二段階認証が必須です。設定が終わるまで、運営者の機能は使えません。',
    enabledState: '二段階認証は有効です。',
    disabledState: '二段階認証は無効です。',
    recoveryLeft: (n: number): string => `未使用のリカバリーコード: ${n}個`,
    start: '二段階認証を設定する',
    scanLead: '認証アプリでQRコードを読み取ってください。読み取れない場合は、下の設定キーを手で入力してください。',
    qrAlt: '認証アプリで読み取るQRコード',
    secretLabel: '設定キー',
    codeLabel: `認証アプリに表示された${LIMITS.totpDigits}桁のコード`,
    enable: '有効にする',
    recoveryHeading: 'リカバリーコード',
    recoveryLead: `認証アプリを使えなくなったときに、確認コードの代わりに使えます。${LIMITS.recoveryCodeCount}個のコードはそれぞれ一度だけ使えます。印刷するか、パスワード管理アプリなど安全な場所に保管してください。この画面を閉じると二度と表示されません。`,
    recoveryDone: '保管しました',
    disableHeading: '二段階認証を無効にする',
    disableLead: '無効にするには、パスワードと確認コード（またはリカバリーコード）を入力してください。',
    passwordLabel: 'パスワード',
    disable: '無効にする',
  },
  sessions: {
    heading: 'ログイン中の端末',
    lead: 'このアカウントにログインしているブラウザとアプリの一覧です。心当たりのないものがあれば、ログアウトさせてからパスワードを変更してください。',
    current: 'この端末',
    startedAt: 'ログイン',
    lastUsedAt: '最終利用',
    signOut: 'ログアウトさせる',
    signOutOthers: 'ほかのすべての端末をログアウトさせる',
    empty: 'ほかにログイン中の端末はありません。',
  },
} as const;
