import { COOKIE_NAMES, type SessionUser } from '@hiraku/shared';
import { hashPassword } from '../../src/auth/password';
import { REFRESH_COOKIE_PATH } from '../../src/auth/sessionCookies';
import { startSession } from '../../src/auth/sessions';
import type { AppServices } from '../../src/services';
import { createUser, type UserOverrides, type UserWithProfile } from '../factories';
import { createHttpClient, type HttpClient } from './httpClient';
import { nextTotpCode } from './twoFactor';

/** A password that passes every rule; tests that log in use it unless they need another. */
export const TEST_PASSWORD = 'nawa-to-rousoku-2024';

/** A verified member (with profile unless `profile: null`) whose password is `password`. */
export async function createMemberWithPassword(
  overrides: UserOverrides & { password?: string } = {},
): Promise<UserWithProfile & { password: string }> {
  const { password = TEST_PASSWORD, ...rest } = overrides;
  const user = await createUser({ passwordHash: await hashPassword(password), ...rest });
  return Object.assign(user, { password });
}

/**
 * Logs `client` in through the real API; throws with the answer when the login is refused. When the
 * account has two-factor sign-in on (every operator: test/factories.ts), it types the code an
 * authenticator app would show, as a member would.
 */
export async function logIn(client: HttpClient, email: string, password: string): Promise<SessionUser> {
  const res = await client.post<(SessionUser & { message: string }) | { twoFactorRequired: true }>('/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (!('twoFactorRequired' in res.body)) return res.body;
  const code = await nextTotpCode(email);
  const second = await client.post<SessionUser & { message: string }>('/api/auth/login/code', { code });
  if (second.status !== 200) throw new Error(`login code refused: ${second.status} ${JSON.stringify(second.body)}`);
  return second.body;
}

/** A new member and a client logged in as them: the usual start of a test of a members-only route. */
export async function signedInMember(
  baseUrl: string,
  overrides: UserOverrides & { password?: string } = {},
): Promise<{ client: HttpClient; user: UserWithProfile & { password: string } }> {
  const user = await createMemberWithPassword(overrides);
  const client = createHttpClient(baseUrl);
  await logIn(client, user.email, user.password);
  return { client, user };
}

/**
 * A new member holding a session issued directly, without the login round trip and its password hash:
 * for tests that need dozens of members at once on a busy machine. Their password is not usable.
 */
export async function memberWithSession(
  app: { baseUrl: string; services: Pick<AppServices, 'models' | 'sessionKey'> },
  overrides: UserOverrides = {},
): Promise<{ client: HttpClient; user: UserWithProfile }> {
  const user = await createUser(overrides);
  // As a login would: a sessions-list row whose step-up proof is fresh (auth/stepUp.ts).
  const session = await startSession(app.services, user, new Date(), { userAgent: 'jest', strongProofAt: new Date() });
  const client = createHttpClient(app.baseUrl);
  client.setCookie(COOKIE_NAMES.access, session.accessToken, '/');
  client.setCookie(COOKIE_NAMES.refresh, session.refreshToken, REFRESH_COOKIE_PATH);
  return { client, user };
}
