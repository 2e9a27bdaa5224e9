import { COOKIE_NAMES, XSRF_HEADER } from '@hiraku/shared';
import { BENCH_PASSWORD } from '../data/database';
import { memberEmail } from '../data/generate';

/** Headers that make a request come from one signed-in member, anti-forgery token included. */
export interface MemberSession {
  email: string;
  headers: Record<string, string>;
}

function cookiesOf(response: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return jar;
}

/** Signs member `index` in through the real API, as the web client does (XSRF cookie first, then login). */
export async function signIn(baseUrl: string, index: number): Promise<MemberSession> {
  const email = memberEmail(index);
  const first = await fetch(`${baseUrl}/api/auth/me`);
  const xsrf = cookiesOf(first).get(COOKIE_NAMES.xsrf);
  if (!xsrf) throw new Error('no XSRF cookie from /api/auth/me');
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${COOKIE_NAMES.xsrf}=${xsrf}`, [XSRF_HEADER]: xsrf },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login of ${email} answered ${login.status}: ${await login.text()}`);
  const access = cookiesOf(login).get(COOKIE_NAMES.access);
  if (!access) throw new Error(`login of ${email} set no access cookie`);
  return {
    email,
    headers: { cookie: `${COOKIE_NAMES.xsrf}=${xsrf}; ${COOKIE_NAMES.access}=${access}`, [XSRF_HEADER.toLowerCase()]: xsrf },
  };
}

/** Members 1..count, signed in one after another (login hashes a password: in parallel it would only queue). */
export async function signInMembers(baseUrl: string, count: number, firstIndex = 0): Promise<MemberSession[]> {
  const sessions: MemberSession[] = [];
  for (let i = 0; i < count; i += 1) sessions.push(await signIn(baseUrl, firstIndex + i));
  return sessions;
}
