import { PASSKEY_LIMITS } from '../../limits';

/** TEXTS.passkeys.screens: the 設定 section, the login page's button and the login's second step. */
export const PASSKEY_TEXTS = {
  section: {
    heading: 'パスキー',
    lead: '指紋・顔認証・端末の画面ロックなどで、パスワードを入力せずにログインできます。パスキーは端末やパスワード管理アプリに保存され、このサイト以外では使えないため、フィッシングに強い方法です。運営者のアカウントでは、二段階認証の代わりにもなります。',
    empty: '登録済みのパスキーはありません。',
    // Words of their own: other sections' buttons are found by 「追加」 and the login's by 「ログイン」.
    add: 'パスキーを登録する',
    nameLabel: 'パスキーの名前',
    nameHint: `どの端末のパスキーか分かる名前にしてください（${PASSKEY_LIMITS.nameMax}文字以内、例: 仕事用のMac）。`,
    defaultName: (n: number): string => `パスキー ${n}`,
    createdAt: '登録',
    lastUsedAt: '最終利用',
    neverUsed: '未使用',
    rename: '名前を変更',
    save: '保存',
    cancel: 'キャンセル',
    remove: '削除',
    removeConfirm: (name: string): string => `パスキー「${name}」を削除しますか？削除すると、このパスキーではログインできなくなります。`,
    unsupported: 'このブラウザではパスキーを登録できません。',
  },
  login: {
    signIn: 'パスキーを使う',
    signInLead: 'パスワードの代わりに、登録済みのパスキー（指紋・顔認証・画面ロック）でログインできます。',
    secondStep: 'パスキーで確認する',
    secondStepLead: '登録済みのパスキーで本人確認をしてください。',
  },
} as const;
