/** TEXTS.desktop: refusals of the desktop app's main process, shown as the `message` of a failed call. */
export const DESKTOP_MESSAGES = {
  operatorsOnly: 'このアプリは運営者専用です。運営者のアカウントでログインしてください（会員の方はウェブ版をご利用ください）。',
  serverUrlRequired: 'サーバーのアドレスを入力してください。',
  serverUrlInvalid: 'サーバーのアドレスの形式が正しくありません（例: https://hiraku.example.jp）。',
  serverUrlHttpsRequired: 'サーバーのアドレスは https:// で始めてください（http:// は localhost と 127.0.0.1 だけで使えます）。',
  serverNotConfigured: '接続するサーバーが設定されていません。',
  callRefused: 'このアプリからは実行できない操作です。',
  unreachable: 'サーバーに接続できません。ネットワークとサーバーの状態を確認してください。',
  timeout: 'サーバーの応答がありません。しばらくしてからもう一度お試しください。',
  /** Issue 38: the update feed of 設定 › アプリの更新. */
  updateFeedInvalid: '更新の配信元は https:// で始まるアドレスで入力してください（http:// は localhost と 127.0.0.1 だけで使えます）。',
} as const;
