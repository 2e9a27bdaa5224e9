/** TEXTS.security.mail: the new-browser sign-in mail (issue 21), line by line; the server adds the details and the signature. */
export const SECURITY_MAIL_TEXTS = {
  newSignInSubject: '新しいブラウザからログインがありました',
  newSignInIntro: (site: string): string => `${site}のアカウントに、これまでに使われたことのないブラウザからログインがありました。`,
  at: (when: string): string => `日時: ${when}（日本時間）`,
  browser: (name: string): string => `ブラウザ: ${name}`,
  ifYou: 'ご自身のログインでしたら、このメールへの対応は必要ありません。',
  ifNotYou: 'お心当たりのない場合は、パスワードが第三者に知られている可能性があります。すぐに次のページからパスワードを再設定してください。再設定すると、すべての端末がログアウトされます。',
  sessionsHint: 'ログイン中の端末は、設定画面の「ログイン中の端末」で確認でき、個別にログアウトさせることもできます。二段階認証を有効にすると、パスワードだけではログインできなくなります。',
} as const;
