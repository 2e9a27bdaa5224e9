import { COOKIE_NAMES, DESKTOP_MESSAGES, XSRF_HEADER, type CategoryItem, type HostResult } from '@hiraku/shared';
import { createMemberWithPassword } from '../../../../server/test/support/session';
import { nextTotpCode } from '../../../../server/test/support/twoFactor';
import { startTestApp, type TestApp } from '../../../../server/test/support/testApp';
import { seedTaxonomy } from '../../../../server/src/seed/taxonomy';
import { CookieJar } from './cookieJar';
import { contractAllowlist } from './endpointAllowlist';
import { createRequestProxy, DESKTOP_USER_AGENT, type RequestProxyOptions } from './requestProxy';

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/** The request proxy against the real API on MariaDB, with every request it sends written down. */
describe('request proxy against the real server', () => {
  let app: TestApp;
  let operator: { email: string; password: string };
  let member: { email: string; password: string };

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    await seedTaxonomy(app.services.models);
    operator = await createMemberWithPassword({ role: 'operator' });
    member = await createMemberWithPassword();
  });
  afterAll(() => app?.close());

  function proxyWith(jar = new CookieJar(), extra: Partial<RequestProxyOptions> = {}) {
    const sent: Sent[] = [];
    const jarChanges: number[] = [];
    const proxy = createRequestProxy({
      serverOrigin: () => app.baseUrl,
      jar,
      allowlist: contractAllowlist(),
      fetch: (input, init) => {
        const url = new URL(String(input));
        sent.push({ method: init?.method ?? 'GET', path: url.pathname, headers: { ...(init?.headers as Record<string, string>) } });
        return fetch(input, init);
      },
      onJarChange: (changed) => jarChanges.push(changed.snapshot().length),
      ...extra,
    });
    return { proxy, jar, sent, jarChanges };
  }

  const status = (result: HostResult) => (result.kind === 'response' ? result.status : result.reason);
  const body = (result: HostResult) => (result.kind === 'response' ? (result.body as Record<string, unknown>) : {});

  /** Operators have two-factor sign-in (issue 21): the password, then the code, both through the proxy. */
  async function logInOperator(proxy: ReturnType<typeof proxyWith>['proxy']): Promise<HostResult> {
    const challenge = await proxy.call({ method: 'POST', path: '/api/auth/login', body: { email: operator.email, password: operator.password } });
    expect(status(challenge)).toBe(200);
    expect(body(challenge)).toMatchObject({ twoFactorRequired: true });
    return proxy.call({ method: 'POST', path: '/api/auth/login/code', body: { code: await nextTotpCode(operator.email) } });
  }

  it('logs an operator in, keeps the session in its own jar and sends the XSRF header on writes', async () => {
    const { proxy, jar, sent, jarChanges } = proxyWith();
    const login = await logInOperator(proxy);
    expect(status(login)).toBe(200);
    expect(body(login)).toMatchObject({ role: 'operator' });
    expect(jar.get(COOKIE_NAMES.access)).toBeTruthy();
    expect(jarChanges.length).toBeGreaterThan(0);

    const loginRequest = sent.find((request) => request.path === '/api/auth/login');
    expect(loginRequest?.headers[XSRF_HEADER]).toBe(jar.get(COOKIE_NAMES.xsrf));
    // The sessions list names the desktop app (issue 21).
    expect(loginRequest?.headers['User-Agent']).toBe(DESKTOP_USER_AGENT);

    const me = await proxy.call({ method: 'GET', path: '/api/auth/me' });
    expect(body(me)).toMatchObject({ role: 'operator' });

    const created = await proxy.call({ method: 'POST', path: '/api/categories', body: { name: `デスクトップ${Date.now() % 100000}` } });
    expect(status(created)).toBe(201);
    expect(sent.at(-1)?.headers[XSRF_HEADER]).toBe(jar.get(COOKIE_NAMES.xsrf));
    // Reads carry no anti-forgery header: the server does not ask for one.
    expect(sent.find((request) => request.method === 'GET' && request.path === '/api/auth/me')?.headers[XSRF_HEADER]).toBeUndefined();
  });

  it('refuses a member with the operators-only message and discards the session on the server too', async () => {
    const { proxy, jar, sent } = proxyWith();
    const login = await proxy.call({ method: 'POST', path: '/api/auth/login', body: { email: member.email, password: member.password } });
    expect(status(login)).toBe(403);
    expect(body(login)).toEqual({ error: 'authorization_error', message: DESKTOP_MESSAGES.operatorsOnly });
    expect(sent.map((request) => `${request.method} ${request.path}`)).toContain('POST /api/auth/logout');
    expect(jar.get(COOKIE_NAMES.access)).toBeUndefined();
    expect(jar.get(COOKIE_NAMES.refresh)).toBeUndefined();
    expect(status(await proxy.call({ method: 'GET', path: '/api/auth/me' }))).toBe(401);
  });

  it('refreshes an expired access token once and repeats the call', async () => {
    const first = proxyWith();
    await logInOperator(first.proxy);
    // A jar whose access cookie has run out: only the refresh cookie and the XSRF token are left.
    const expired = proxyWith(new CookieJar(first.jar.snapshot().filter((cookie) => cookie.name !== COOKIE_NAMES.access)));
    const again = await expired.proxy.call({ method: 'GET', path: '/api/auth/me' });
    expect(status(again)).toBe(200);
    expect(expired.sent.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh', 'GET /api/auth/me']);
  });

  it('gives up after one refresh when the session is gone', async () => {
    const { proxy, sent } = proxyWith();
    const me = await proxy.call({ method: 'GET', path: '/api/auth/me' });
    expect(status(me)).toBe(401);
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh']);
  });

  it('clears the jar on logout, and the old session is over on the server', async () => {
    const { proxy, jar } = proxyWith();
    await logInOperator(proxy);
    const stolen = jar.snapshot();
    const logout = await proxy.call({ method: 'POST', path: '/api/auth/logout' });
    expect(status(logout)).toBe(200);
    expect(jar.snapshot()).toEqual([]);
    const replay = proxyWith(new CookieJar(stolen));
    expect(status(await replay.proxy.call({ method: 'GET', path: '/api/auth/me' }))).toBe(401);
  });

  it('refuses an undeclared endpoint or a malformed call without sending anything', async () => {
    const { proxy, sent } = proxyWith();
    for (const call of [
      { method: 'POST', path: '/api/signup', body: { email: 'x@example.jp' } },
      { method: 'GET', path: '/api/../internal' },
      { method: 'GET', path: 'https://evil.example/api/auth/me' },
      { method: 'TRACE', path: '/api/auth/me' },
      { method: 'GET', path: '/api/auth/me', extra: true },
      'GET /api/auth/me',
    ]) {
      expect(status(await proxy.call(call))).toBeGreaterThanOrEqual(400);
    }
    expect(sent).toEqual([]);
  });

  it('reports a server that cannot be reached as no response, and says so', async () => {
    const reachability: boolean[] = [];
    const { proxy } = proxyWith(new CookieJar(), { serverOrigin: () => 'http://127.0.0.1:9', onReachability: (reachable) => reachability.push(reachable) });
    expect(await proxy.call({ method: 'GET', path: '/api/categories' })).toEqual({ kind: 'no-response', reason: 'network' });
    expect(reachability).toEqual([false]);
    const list = await proxyWith().proxy.call({ method: 'GET', path: '/api/categories' });
    expect((body(list) as unknown as CategoryItem[]).length).toBeGreaterThan(0);
  });
});
