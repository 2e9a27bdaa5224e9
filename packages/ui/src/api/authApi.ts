import type { LoginInput, LoginResponse, MessageResponse, SessionUser, SignupInput } from '@hiraku/shared';
import type { ApiClient } from './apiClient';
import { SESSION_PATHS } from './apiClient';

/** These answer 401 for wrong details, never for an expired session, so they must not trigger a refresh. */
const NO_REFRESH = { refreshOn401: false } as const;

/** Account and session calls (SPEC.md section 7), typed against the shared response shapes. */
export function createAuthApi(client: ApiClient) {
  return {
    login: (input: LoginInput) => client.post<LoginResponse>('/api/auth/login', input, NO_REFRESH),
    logout: () => client.post<MessageResponse | undefined>('/api/auth/logout', undefined, NO_REFRESH),
    refresh: () => client.post<SessionUser>(SESSION_PATHS.refresh, undefined, NO_REFRESH),
    /**
     * The session check: a failure only means "not signed in", so it never sends anyone to /login itself.
     * `tryRefresh: false` skips the refresh when the visitor is already known to be signed out.
     */
    me: ({ tryRefresh = true, signal }: { tryRefresh?: boolean; signal?: AbortSignal } = {}) =>
      client.get<SessionUser>(SESSION_PATHS.me, { signal, refreshOn401: tryRefresh, expireSessionOnRefreshFailure: false }),
    signup: (input: SignupInput) => client.post<MessageResponse>('/api/signup', input, NO_REFRESH),
    /** SPEC.md section 7: made without credentials, so a link opened in any browser works the same. */
    verifyEmail: (token: string) =>
      client.get<MessageResponse>('/api/signup/verify-email', { query: { token }, credentials: 'omit', ...NO_REFRESH }),
    resendVerification: (email: string) => client.post<MessageResponse>('/api/signup/resend-verification', { email }, NO_REFRESH),
    forgotPassword: (email: string) => client.post<MessageResponse>('/api/password-reset/forgot-password', { email }, NO_REFRESH),
    resetPassword: (token: string, newPassword: string) =>
      client.post<MessageResponse>('/api/password-reset/reset-password', { token, newPassword }, NO_REFRESH),
    completeTutorial: () => client.post<MessageResponse | undefined>('/api/tutorial/complete'),
    /** No time limit: deleting everything can take a while, and the screen says so after 30 s instead. */
    deleteAccount: (password: string) => client.delete<MessageResponse>('/api/profile/deleteAccount', { body: { password }, timeoutMs: null }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
