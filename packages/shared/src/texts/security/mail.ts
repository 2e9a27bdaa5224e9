/** TEXTS.security.mail: the new-browser sign-in mail, line by line; the server adds the details and the signature. */
export const SECURITY_MAIL_TEXTS = {
  newSignInSubject: '新しいブラウザからログインがありました',
  newSignInIntro: (site: string): string => `${site}のアカウントに、これまでに使われたことのないブラウザからログインがありました。`,
  at: (when: string): string => `日時: ${when}（日本時間）`,
  browser: (name: string): string => `ブラウザ: ${name}`,
  ifYou: 'ご自身のログインでしたら、このメールへの対応は必要ありません。',
  ifNotYou: 'お心当たりのない場合は、パスワードが第三者に知られている可能性があります。すぐに次のページからパスワードを再設定してください。再設定すると、すべての端末がログアウトされます。',
  sessionsHint: 'ログイン中の端末は、設定画面の「ログイン中の端末」で確認でき、個別にログアウトさせることもできます。二段階認証を有効にすると、パスワードだけではログインできなくなります。',
  // Issue 35: a sign-in whose second step failed, and the code step locked after too many wrong codes.
  secondStepFailedSubject: 'ログインの確認コードが正しく入力されませんでした',
  secondStepFailedIntro: (site: string): string => `${site}のアカウントで、パスワードは正しく入力されましたが、二段階認証の確認コードが正しくありませんでした。`,
  codesLockedSubject: '確認コードの入力を一時的に停止しました',
  codesLockedIntro: (site: string, count: number, minutes: number): string =>
    `${site}のアカウントで、確認コードが${minutes}分以内に${count}回続けて間違えて入力されたため、しばらくの間このアカウントへのログインを停止しました。`,
  secondStepIfYou: 'ご自身の入力間違いでしたら、このメールへの対応は必要ありません。',
  secondStepIfNotYou: 'お心当たりのない場合は、パスワードが第三者に知られています。すぐに次のページからパスワードを再設定してください。再設定すると、すべての端末がログアウトされます。',
} as const;
