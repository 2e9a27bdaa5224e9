import { COOKIE_NAMES, type HostResult } from '@hiraku/shared';
import { createReport } from '../../../server/test/factories';
import { createMemberWithPassword, memberWithSession } from '../../../server/test/support/session';
import { nextTotpCode } from '../../../server/test/support/twoFactor';
import { startTestApp, type TestApp } from '../../../server/test/support/testApp';
import { signAccessToken, verifyAccessToken } from '../../../server/src/auth/accessToken';
import { createCaseAlerts } from './caseAlerts';
import { createCaseStream, type CaseStream, type CaseStreamState } from './caseStream';
import { CookieJar } from './proxy/cookieJar';
import { contractAllowlist } from './proxy/endpointAllowlist';
import { createRequestProxy } from './proxy/requestProxy';

/**
 * The desktop main process's case stream as the app wires it (the request proxy's session, its refresh,
 * the real alerts), against the real server on MariaDB: a plain Node module, Electron left out.
 */
describe('the case stream against the real server', () => {
  let app: TestApp;
  let operator: { email: string; password: string };
  let stream: CaseStream | null = null;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    operator = await createMemberWithPassword({ role: 'operator' });
  });
  afterEach(async () => {
    await stream?.stop();
    stream = null;
  });
  afterAll(() => app?.close());

  /** Waits for a condition on what was recorded, re-checked at each record (no polling). */
  function recorder<T>() {
    const items: T[] = [];
    const waiters = new Set<() => void>();
    return {
      items,
      push(item: T) {
        items.push(item);
        for (const waiter of waiters) waiter();
      },
      until(test: (items: T[]) => boolean, timeoutMs = 10_000) {
        return new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(items)}`)), timeoutMs);
          const check = () => {
            if (!test(items)) return;
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          };
          waiters.add(check);
          check();
        });
      },
    };
  }

  async function signedInDesktop() {
    const jar = new CookieJar();
    const opened: Array<string | null> = [];
    /** Run once each before the next stream opens (a test changes the session there). */
    const beforeOpen: Array<() => void> = [];
    const proxy = createRequestProxy({ serverOrigin: () => app.baseUrl, jar, allowlist: contractAllowlist() });
    const status = (result: HostResult) => (result.kind === 'response' ? result.status : 0);
    expect(status(await proxy.call({ method: 'POST', path: '/api/auth/login', body: { email: operator.email, password: operator.password } }))).toBe(200);
    expect(status(await proxy.call({ method: 'POST', path: '/api/auth/login/code', body: { code: await nextTotpCode(operator.email) } }))).toBe(200);
    const states = recorder<CaseStreamState>();
    const counts = recorder<number>();
    const news = recorder<{ severe: number; overdue: number }>();
    const refresh = jest.fn(() => proxy.refreshSession());
    stream = createCaseStream({
      open: (request) => {
        opened.push(request.lastEventId);
        beforeOpen.shift()?.();
        return proxy.openStream(request);
      },
      refresh,
      call: (request) => proxy.call(request),
      enabled: () => true,
      // Told at once (the app gathers a second's news into one notification): the delivery is timed here.
      alerts: createCaseAlerts({ showCount: (count) => counts.push(count), notify: (value) => news.push(value) }, { gatherMs: 0 }),
      onState: (state) => states.push(state),
    });
    return { proxy, jar, stream, states, counts, news, refresh, opened, beforeOpen };
  }

  it("shows the queue's count at start and tells a severe case an operator's flag opened", async () => {
    const desktop = await signedInDesktop();
    desktop.stream.start();
    await desktop.states.until((states) => states.includes('connected'));
    const before = desktop.counts.items.at(-1) ?? -1;
    expect(before).toBeGreaterThanOrEqual(0);

    const flagger = await memberWithSession(app);
    const report = await createReport();
    expect((await flagger.client.post('/api/flags', { targetType: 'report', targetId: String(report.id), category: 'nonConsensual' })).status).toBe(200);
    // The second's budget is the server's (server/src/notifications/caseEvents.int.test.ts); here, that it arrives.
    await desktop.news.until((news) => news.length === 1);
    expect(desktop.news.items).toEqual([{ severe: 1, overdue: 0 }]);
    expect(desktop.counts.items.at(-1)).toBe(before + 1);
  });

  it("renews the session through the proxy on the server's refresh event and connects again, resuming after the last event", async () => {
    const desktop = await signedInDesktop();
    // The first stream opens with an access token that runs out in a few seconds: the server ends it with
    // `refresh`. Set just before that stream opens, so the queue read before it cannot renew it first.
    const access = desktop.jar.snapshot().find((cookie) => cookie.name === COOKIE_NAMES.access);
    const claims = verifyAccessToken(access?.value ?? '', app.services.sessionKey);
    if (!access || !claims) throw new Error('no access token in the jar');
    let shortLived = '';
    desktop.beforeOpen.push(() => {
      shortLived = signAccessToken({ ...claims, exp: Math.floor(Date.now() / 1000) + 4 }, app.services.sessionKey);
      desktop.jar.store([`${COOKIE_NAMES.access}=${shortLived}; Path=${access.path}; HttpOnly`]);
    });

    desktop.stream.start();
    await desktop.states.until((states) => states.includes('connected'));
    const flagger = await memberWithSession(app);
    expect((await flagger.client.post('/api/flags', { targetType: 'report', targetId: String((await createReport()).id), category: 'minor' })).status).toBe(200);
    await desktop.news.until((news) => news.length >= 1);
    await desktop.states.until((states) => states.filter((state) => state === 'connected').length === 2, 20_000);
    expect(desktop.refresh).toHaveBeenCalledTimes(1);
    expect(desktop.jar.get(COOKIE_NAMES.access)).not.toBe(shortLived);
    expect(desktop.states.items).not.toContain('signedOut');
    // The second connection named the case event's id as Last-Event-ID.
    expect(desktop.opened[0]).toBeNull();
    expect(Number(desktop.opened[1])).toBeGreaterThan(0);
  });

  it('shows nothing once the session is gone (logged out elsewhere), without opening the stream', async () => {
    const desktop = await signedInDesktop();
    await desktop.proxy.logout();
    desktop.stream.start();
    await desktop.states.until((states) => states.includes('signedOut'));
    expect(desktop.counts.items.at(-1)).toBe(0);
    expect(desktop.opened).toEqual([]);
  });
});
