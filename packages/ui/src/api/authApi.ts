import type { LoginInput, SignupInput } from '@hiraku/shared';
import type { EndpointCaller } from './endpointClient';

/** These answer 401 for wrong details, never for an expired session, so they must not trigger a refresh. */
const NO_REFRESH = { refreshOn401: false } as const;

/** Account and session calls (docs/product.md §7). */
export function createAuthApi(call: EndpointCaller) {
  return {
    login: (input: LoginInput) => call('auth.login', { body: input }, NO_REFRESH),
    /** The login's second step; its 401 means the password step has run out, not the session. */
    loginCode: (code: string) => call('auth.loginCode', { body: { code } }, NO_REFRESH),
    logout: () => call('auth.logout', {}, NO_REFRESH),
    refresh: () => call('auth.refresh', {}, NO_REFRESH),
    /**
     * The session check: a failure only means "not signed in", so it never sends anyone to /login itself.
     * `tryRefresh: false` skips the refresh when the visitor is already known to be signed out.
     */
    me: ({ tryRefresh = true, signal }: { tryRefresh?: boolean; signal?: AbortSignal } = {}) =>
      call('auth.me', {}, { signal, refreshOn401: tryRefresh, expireSessionOnRefreshFailure: false }),
    signup: (input: SignupInput) => call('signup.create', { body: input }, NO_REFRESH),
    /** docs/product.md §7: made without credentials, so a link opened in any browser works the same. */
    verifyEmail: (token: string) => call('signup.verifyEmail', { query: { token } }, { credentials: 'omit', ...NO_REFRESH }),
    resendVerification: (email: string) => call('signup.resendVerification', { body: { email } }, NO_REFRESH),
    forgotPassword: (email: string) => call('passwordReset.forgot', { body: { email } }, NO_REFRESH),
    resetPassword: (token: string, newPassword: string) => call('passwordReset.reset', { body: { token, newPassword } }, NO_REFRESH),
    completeTutorial: () => call('tutorial.complete'),
    /** No time limit: deleting everything can take a while, and the screen says so after 30 s instead. */
    deleteAccount: (password: string) => call('account.delete', { body: { password } }, { timeoutMs: null }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
