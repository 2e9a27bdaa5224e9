/**
 * The two words the session itself says on signing out, apart from ACCOUNT_MESSAGES (which spreads them):
 * the session lives in every page's first chunk, the rest of the account's messages only in its forms.
 */
export const SESSION_MESSAGES = {
  logoutPending: 'ログアウトに失敗したため、まだログインしたままです。通信が回復したら自動でログアウトします。',
  logoutSucceeded: 'ログアウトしました。',
} as const;
