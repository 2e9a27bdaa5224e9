import { PASSKEY_LIMITS } from '../../limits';

/** TEXTS.passkeys: what the passkey calls answer with. */
export const PASSKEY_MESSAGES = {
  nameRequired: 'パスキーの名前を入力してください。',
  nameTooLong: `パスキーの名前は${PASSKEY_LIMITS.nameMax}文字以内で入力してください。`,
  responseInvalid: 'パスキーの応答を読み取れませんでした。もう一度お試しください。',
  challengeExpired: 'パスキーの手続きの有効期限が切れたか、すでに使われています。もう一度お試しください。',
  registrationFailed: 'パスキーを確認できませんでした。もう一度お試しください。',
  alreadyRegistered: 'このパスキーはすでに登録されています。',
  tooMany: `パスキーは${PASSKEY_LIMITS.perMember}個まで登録できます。使っていないものを削除してから追加してください。`,
  registered: 'パスキーを登録しました。次回からパスワードなしでログインできます。',
  renamed: 'パスキーの名前を変更しました。',
  removed: 'パスキーを削除しました。',
  notFound: '指定されたパスキーが見つかりません。すでに削除された可能性があります。',
  signInFailed: 'パスキーでログインできませんでした。登録済みのパスキーを選んでください。',
  suspiciousCounter: 'このパスキーは安全に使えない状態です（複製された可能性があります）。パスワードでログインし、設定からこのパスキーを削除してください。',
  cancelled: 'パスキーの操作が取り消されました。',
  secondStepRequired: '運営者のアカウントです。登録済みのパスキーで本人確認をしてください。',
  unsupported: 'この環境ではパスキーを使えません。パスワードと確認コードでログインしてください。',
} as const;
