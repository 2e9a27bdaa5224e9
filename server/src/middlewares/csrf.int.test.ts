import { COOKIE_NAMES, TEXTS, XSRF_HEADER } from '@hiraku/shared';
import { createHttpClient } from '../../test/support/httpClient';
import { signedInMember, TEST_PASSWORD } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { User } from '../models';

describe('anti-forgery (XSRF-TOKEN cookie + X-XSRF-TOKEN header)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000' } });
  });
  afterAll(() => app.close());

  const forbidden = { error: 'csrf_error', message: TEXTS.common.forbiddenCsrf };

  it('gives a script-readable, same-site cookie to API and page responses that lack one, once', async () => {
    for (const path of ['/api/health', '/', '/login']) {
      const res = await fetch(`${app.baseUrl}${path}`);
      const line = res.headers.getSetCookie().find((l) => l.startsWith(`${COOKIE_NAMES.xsrf}=`)) ?? '';
      expect(line).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; path=\/; samesite=lax$/);
      expect(line).not.toMatch(/httponly/i);
    }
    const client = createHttpClient(app.baseUrl);
    await client.get('/api/health');
    const again = await client.get('/api/health');
    expect(again.setCookies.filter((l) => l.startsWith(COOKIE_NAMES.xsrf))).toEqual([]);
  });

  it('refuses a state-changing call without the header, with a wrong one, or without the cookie, and changes nothing', async () => {
    const { client, user } = await signedInMember(app.baseUrl, { tutorialPending: true });
    const token = client.cookie(COOKIE_NAMES.xsrf) ?? '';
    expect(token).not.toBe('');

    const attempts = [
      () => client.post('/api/tutorial/complete', undefined, { xsrf: false }),
      () => client.post('/api/tutorial/complete', undefined, { xsrf: false, headers: { [XSRF_HEADER]: `${token.slice(0, -1)}x` } }),
      () => client.post('/api/tutorial/complete', undefined, { xsrf: false, headers: { [XSRF_HEADER]: '' } }),
      () => client.delete('/api/profile/deleteAccount', { password: user.password }, { xsrf: false }),
      () => client.post('/api/auth/logout', undefined, { xsrf: false }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden);
    }
    await user.reload();
    expect(user.tutorialPending).toBe(true);
    expect((await client.get('/api/auth/me')).status).toBe(200);

    // A header copied from elsewhere is no good without the matching cookie.
    const cookieless = client.clone();
    cookieless.deleteCookie(COOKIE_NAMES.xsrf);
    const res = await cookieless.post('/api/tutorial/complete', undefined, { xsrf: false, headers: { [XSRF_HEADER]: token } });
    expect(res.status).toBe(403);
    await user.reload();
    expect(user.tutorialPending).toBe(true);

    expect((await client.post('/api/tutorial/complete')).status).toBe(200);
    await user.reload();
    expect(user.tutorialPending).toBe(false);
  });

  it('guards the public forms too: no account is created by a forged sign-up', async () => {
    const res = await createHttpClient(app.baseUrl).post(
      '/api/signup',
      { email: 'forged@example.com', password: TEST_PASSWORD, agreedToTerms: true },
      { xsrf: false },
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
    expect(await User.count({ where: { email: 'forged@example.com' } })).toBe(0);
  });

  it('lets reads through without the header', async () => {
    const { client } = await signedInMember(app.baseUrl);
    expect((await client.get('/api/auth/me', { xsrf: false })).status).toBe(200);
  });
});
