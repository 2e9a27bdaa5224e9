import { randomBytes } from 'node:crypto';
import { TEXTS } from '@hiraku/shared';
import { Redis } from 'ioredis';
import { rateLimitRule, type RateLimitName } from '../auth/rateLimitRules';
import { createHttpClient, type HttpClient, type HttpResponse } from '../../test/support/httpClient';
import { signedInMember } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';

/** Small limits (a factor well below 1) so each can be reached in a few requests. */
const FACTOR = 0.2;

const CALLS: Record<RateLimitName, (client: HttpClient) => Promise<HttpResponse>> = {
  login: (c) => c.post('/api/auth/login', { email: 'someone@example.com', password: 'wrong-password-123' }),
  loginCode: (c) => c.post('/api/auth/login/code', { code: '123456' }),
  passkeySignIn: (c) => c.post('/api/auth/passkey/options'),
  takedownRequest: (c) =>
    c.post('/api/takedown-requests', { contentUrl: 'https://example.com/x', requesterKind: 'self', reason: 'other', description: '回数制限の確認です。', email: 'someone@example.com' }),
  takedownConfirm: (c) => c.get('/api/takedown-requests/confirm?token=no-such-token'),
  emailChangeConfirm: (c) => c.post('/api/account/email/confirm', { token: 'no-such-token' }),
  signup: (c) => c.post('/api/signup', { email: `new-${randomBytes(3).toString('hex')}@example.com`, password: 'password', agreedToTerms: true }),
  resendVerification: (c) => c.post('/api/signup/resend-verification', { email: 'someone@example.com' }),
  forgotPassword: (c) => c.post('/api/password-reset/forgot-password', { email: 'someone@example.com' }),
  resetPassword: (c) => c.post('/api/password-reset/reset-password', { token: 'no-such-token', newPassword: 'nawa-to-rousoku-2024' }),
  deleteAccount: (c) => c.delete('/api/profile/deleteAccount', { password: 'not-my-password' }),
  contact: (c) => c.post('/api/contact', { category: 'other', content: '問い合わせの回数制限の確認です。' }),
  analytics: (c) => c.post('/api/analytics/events', { events: [{ name: 'page_view', path: '/reports' }] }),
};

async function expectLimited(client: HttpClient, name: RateLimitName, alreadyUsed = 0): Promise<void> {
  const rule = rateLimitRule(name, FACTOR);
  for (let i = alreadyUsed; i < rule.limit; i += 1) {
    const res = await CALLS[name](client);
    expect(res.status).not.toBe(429);
  }
  const limited = await CALLS[name](client);
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ error: 'rate_limited', message: TEXTS.common.tooManyRequests });
  const retryAfter = Number(limited.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(rule.windowSec);
}

describe('per-IP rate limits (memory)', () => {
  let app: TestApp;
  let member: HttpClient;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: String(FACTOR) } });
    // Logged in before the login limit is used up below.
    member = (await signedInMember(app.baseUrl)).client;
  });
  afterAll(() => app.close());

  it.each(['login', 'loginCode', 'takedownRequest', 'takedownConfirm', 'emailChangeConfirm', 'signup', 'resendVerification', 'forgotPassword', 'resetPassword', 'contact', 'analytics'] as const)(
    'answers %s with 429, a Japanese message and Retry-After once over the limit',
    async (name) => {
      // The login in beforeAll counted too.
      await expectLimited(createHttpClient(app.baseUrl), name, name === 'login' ? 1 : 0);
    },
  );

  it('limits account deletion attempts (password guessing with a stolen session)', async () => {
    await expectLimited(member, 'deleteAccount');
  });

  it('counts each endpoint separately: an exhausted login limit leaves the session check alone', async () => {
    const client = createHttpClient(app.baseUrl);
    expect((await CALLS.login(client)).status).toBe(429);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });
});

describe('per-IP rate limits shared through Redis (REDIS_URL)', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `hiraku_test_${process.pid}_${randomBytes(4).toString('hex')}:`;
  let first: TestApp;
  let second: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    const env = { RATE_LIMIT_FACTOR: String(FACTOR), REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix };
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect().catch((error: unknown) => {
      throw new Error(`Redis (${redisUrl}) に接続できません。起動するか TEST_REDIS_URL を設定してください: ${String(error)}`);
    });
    first = await startTestApp({ env });
    second = await startTestApp({ env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts requests to two server processes together', async () => {
    const rule = rateLimitRule('forgotPassword', FACTOR);
    const clients = [createHttpClient(first.baseUrl), createHttpClient(second.baseUrl)];
    for (let i = 0; i < rule.limit; i += 1) {
      expect((await CALLS.forgotPassword(clients[i % 2] as HttpClient)).status).toBe(200);
    }
    for (const client of clients) {
      const res = await CALLS.forgotPassword(client);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: 'rate_limited', message: TEXTS.common.tooManyRequests });
    }
    const keys = await redis.keys(`${prefix}rl:forgotPassword:*`);
    expect(keys).toHaveLength(1);
    const ttl = await redis.ttl(keys[0] as string);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(rule.windowSec);
  });
});

describe('the address a per-IP limit counts by', () => {
  const rule = rateLimitRule('forgotPassword', FACTOR);
  const forgot = (app: TestApp, forwardedFor: string) =>
    createHttpClient(app.baseUrl).post('/api/password-reset/forgot-password', { email: 'someone@example.com' }, { headers: { 'x-forwarded-for': forwardedFor } });

  describe('without TRUSTED_PROXIES', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ env: { RATE_LIMIT_FACTOR: String(FACTOR), NODE_ENV: 'production' } });
    });
    afterAll(() => app?.close());

    it('ignores X-Forwarded-For: a new made-up address with each request does not escape the limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= rule.limit; i += 1) statuses.push((await forgot(app, `198.51.100.${i + 1}`)).status);
      expect(statuses).toEqual([...Array.from({ length: rule.limit }, () => 200), 429]);
    });
  });

  describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1, the test client plays the proxy)', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ env: { RATE_LIMIT_FACTOR: String(FACTOR), NODE_ENV: 'production', TRUSTED_PROXIES: '127.0.0.1' } });
    });
    afterAll(() => app?.close());

    it('counts by the address the proxy saw, whatever the client wrote to the left of it', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= rule.limit; i += 1) statuses.push((await forgot(app, `203.0.113.${i + 1}, 198.51.100.1`)).status);
      expect(statuses).toEqual([...Array.from({ length: rule.limit }, () => 200), 429]);
      // Another member behind the same proxy has a budget of their own.
      expect((await forgot(app, '198.51.100.2')).status).toBe(200);
    });
  });
});
