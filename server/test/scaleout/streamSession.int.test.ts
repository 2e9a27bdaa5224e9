import type { OpenStream } from '../support/eventStream';
import { createHttpClient } from '../support/httpClient';
import { logIn } from '../support/session';
import { startStreamDeployment, type StreamDeployment } from '../support/streamDeployment';

/** How soon a stream must follow its session ended (or changed) through another process. */
const WITHIN_MS = 1_000;

/**
 * Two API processes (HIRAKU_ROLE=api) on one MariaDB and Redis: a stream open on the second is closed
 * within a second when its session is ended, or its member's role changed, through the first. Nothing
 * is told over the bus for this: the second process's session watch reads the sessions again
 * (notifications/stream.ts), so the test shows that the read is what carries it between processes.
 */
describe('scale-out: a stream follows its session changed through another API process', () => {
  let deployment: StreamDeployment;
  let a: string;
  let b: string;

  beforeAll(async () => {
    deployment = await startStreamDeployment({ name: 'streamsession', redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
    [a, b] = deployment.apiUrls as [string, string];
  }, 240_000);
  afterAll(() => deployment?.close());

  /** Waits for the stream's `refresh`, then its end, each within WITHIN_MS of `since`. */
  async function closedWithin(stream: OpenStream, since: number): Promise<void> {
    const refresh = await stream.next('refresh', { timeoutMs: WITHIN_MS });
    expect(refresh.data).toEqual({ reason: 'session' });
    expect(refresh.at - since).toBeLessThan(WITHIN_MS);
    let ended = false;
    void stream.ended.then(() => (ended = true));
    const until = since + WITHIN_MS;
    while (!ended && performance.now() < until) await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toBe(true);
  }

  it('closes the stream on one process within a second of the member ending their other sessions through the other', async () => {
    const { client: here, user } = await deployment.signedIn();
    // The same member on another device, signed in again; its stream is held by the second process.
    const there = createHttpClient(a);
    await logIn(there, user.email, user.password);
    const stream = await deployment.stream(there, b);
    const kept = await deployment.stream(here, b);

    const answer = await here.delete(`${a}/api/account/sessions`);
    expect(answer.status).toBe(200);
    await closedWithin(stream, performance.now());
    // The device that ended the others keeps its own stream.
    expect(kept.events.some((event) => event.event === 'refresh' || event.event === 'closed')).toBe(false);
  });

  it('closes a demoted operator\'s stream on one process within a second of an admin changing their role through the other', async () => {
    const { client: admin } = await deployment.signedIn({ role: 'admin' });
    const { client: operatorClient, user: operator } = await deployment.signedIn({ role: 'operator' });
    const stream = await deployment.stream(operatorClient, b);

    const answer = await admin.post(`${a}/api/moderation/users/${operator.publicId}/role`, { role: 'member', reason: '体制の変更のため' });
    expect(answer.status).toBe(200);
    await closedWithin(stream, performance.now());
  });
});
