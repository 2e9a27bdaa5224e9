import { NOTIFICATION_LIMITS } from '@hiraku/shared';
import { createReport } from '../../test/factories';
import { openEventStream, type OpenStream } from '../../test/support/eventStream';
import { anotherSession, memberWithSession } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';

/**
 * What an open notification stream may hold on to (issue 34): a member's and an address's number of
 * streams, and a session that ended or changed under it. The app runs with the real per-address cap
 * (RATE_LIMIT_FACTOR 1), every stream from this test's one loopback address.
 */
describe('notification streams are bounded and follow their session', () => {
  let app: TestApp;
  const open: OpenStream[] = [];

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterEach(async () => {
    for (const stream of open.splice(0)) stream.close();
    await waitUntil(() => app.services.notifications.hub.size() === 0, 'every stream of the test to end');
  });
  afterAll(() => app?.close());

  async function stream(client: Parameters<typeof openEventStream>[0]): Promise<OpenStream> {
    const opened = await openEventStream(client);
    open.push(opened);
    await opened.next('unread');
    return opened;
  }

  async function waitUntil(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it(`keeps at most ${NOTIFICATION_LIMITS.streamsPerMember} streams per member: a new one closes the oldest, which is told not to come back`, async () => {
    const member = await memberWithSession(app);
    const streams: OpenStream[] = [];
    for (let index = 0; index < NOTIFICATION_LIMITS.streamsPerMember; index += 1) streams.push(await stream(member.client));
    const other = await memberWithSession(app);
    const othersStream = await stream(other.client);

    const newest = await stream(member.client);
    const closed = await streams[0]!.next('closed', { timeoutMs: 1_000 });
    expect(closed.data).toEqual({ reason: 'too_many_streams' });
    await streams[0]!.ended;
    expect(app.services.notifications.hub.size()).toBe(NOTIFICATION_LIMITS.streamsPerMember + 1);
    // The others, the newest and another member's stream are untouched.
    for (const kept of [...streams.slice(1), newest, othersStream]) expect(kept.events.some((event) => event.event === 'closed')).toBe(false);
  });

  it(`keeps at most ${NOTIFICATION_LIMITS.streamsPerAddress} streams per address, whoever holds them`, async () => {
    const members = await Promise.all(Array.from({ length: NOTIFICATION_LIMITS.streamsPerAddress + 1 }, () => memberWithSession(app)));
    const streams: OpenStream[] = [];
    for (const member of members.slice(0, NOTIFICATION_LIMITS.streamsPerAddress)) streams.push(await stream(member.client));
    expect(streams.some((opened) => opened.events.some((event) => event.event === 'closed'))).toBe(false);

    await stream(members.at(-1)!.client);
    expect((await streams[0]!.next('closed', { timeoutMs: 1_000 })).data).toEqual({ reason: 'too_many_streams' });
    await streams[0]!.ended;
    expect(app.services.notifications.hub.size()).toBe(NOTIFICATION_LIMITS.streamsPerAddress);
  });

  it('closes a stream within a second of its session being signed out, and leaves the member\'s other session alone', async () => {
    const member = await memberWithSession(app);
    const kept = await stream(await anotherSession(app, member.user));
    const opened = await stream(member.client);
    const answer = await member.client.post('/api/auth/logout', {});
    expect(answer.status).toBe(200);
    const signedOutAt = performance.now();
    const refresh = await opened.next('refresh', { timeoutMs: 1_000 });
    expect(refresh.data).toEqual({ reason: 'session' });
    expect(refresh.at - signedOutAt).toBeLessThan(1_000);
    await opened.ended;
    expect(kept.events.some((event) => event.event === 'refresh')).toBe(false);
  });

  it('closes a suspended member\'s stream within a second', async () => {
    const member = await memberWithSession(app);
    const opened = await stream(member.client);
    await app.services.models.User.update({ suspendedAt: new Date() }, { where: { id: member.user.id } });
    const changedAt = performance.now();
    const refresh = await opened.next('refresh', { timeoutMs: 1_000 });
    expect(refresh.at - changedAt).toBeLessThan(1_000);
    await opened.ended;
  });

  it('closes a demoted operator\'s stream within a second, so it carries no more case events', async () => {
    const operator = await memberWithSession(app, { role: 'operator' });
    const bystander = await memberWithSession(app, { role: 'operator' });
    const flagger = await memberWithSession(app);
    const flag = async () => {
      const report = await createReport({ author: (await memberWithSession(app)).user });
      expect((await flagger.client.post('/api/flags', { targetType: 'report', targetId: String(report.id), category: 'minor' })).status).toBe(200);
    };
    const opened = await stream(operator.client);
    const watching = await stream(bystander.client);
    await flag();
    await opened.next('case');
    await watching.next('case');

    await app.services.models.User.update({ role: 'member' }, { where: { id: operator.user.id } });
    const demotedAt = performance.now();
    const refresh = await opened.next('refresh', { timeoutMs: 1_000 });
    expect(refresh.data).toEqual({ reason: 'session' });
    expect(refresh.at - demotedAt).toBeLessThan(1_000);
    await opened.ended;

    // Connected again as the member they now are: the next case reaches the operator still on duty only.
    const again = await stream(operator.client);
    await flag();
    await watching.next('case', { after: 1 });
    expect(again.events.some((event) => event.event === 'case')).toBe(false);
  });
});
