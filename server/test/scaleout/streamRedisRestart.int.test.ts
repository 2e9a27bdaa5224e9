import { findFreePort } from '@hiraku/search';
import type { NotificationItem, NotificationPage } from '@hiraku/shared';
import type { Report } from '../../src/models';
import { createReport } from '../factories';
import type { OpenStream } from '../support/eventStream';
import type { HttpClient } from '../support/httpClient';
import { startRedisServer, type RedisServer } from '../support/redisServer';
import { eventually } from '../support/searchOutbox';
import { startStreamDeployment, type StreamDeployment } from '../support/streamDeployment';

/**
 * Two API processes (HIRAKU_ROLE=api) and a worker process (HIRAKU_ROLE=worker) on one MariaDB and a
 * Redis of the test's own, which is killed and started again on its port while a member's stream is
 * open on the second API process. Comments, likes and follows made through the first before, during and
 * after the outage each notify the member: the stream on the second receives every one of them, once,
 * as GET /api/notifications lists them (the bus resumes and the stream reads back what it missed; the
 * worker sends again what it could not publish, which the stream must not write twice).
 */
describe('scale-out: a notification stream misses nothing across a Redis restart', () => {
  let redis: RedisServer;
  let port: number;
  let deployment: StreamDeployment;
  let a: string;
  let b: string;

  beforeAll(async () => {
    port = await findFreePort();
    redis = await startRedisServer(port);
    deployment = await startStreamDeployment({ name: 'streamredis', redisUrl: redis.url, worker: true });
    [a, b] = deployment.apiUrls as [string, string];
  }, 240_000);
  afterAll(async () => {
    await deployment?.close();
    await redis?.stop();
  });

  const listed = async (client: HttpClient): Promise<NotificationItem[]> => {
    const res = await client.get<NotificationPage>(`${a}/api/notifications`);
    expect(res.status).toBe(200);
    return res.body.items;
  };
  /** The notifications the stream wrote, newest version of each (a group of likes may be written again). */
  const streamed = (stream: OpenStream) => stream.events.filter((event) => event.event === 'notification');

  it('writes every notification made before, during and after the outage to the stream on the other process, once', async () => {
    const { client: member, user } = await deployment.signedIn();
    const reports: Report[] = [];
    for (let index = 0; index < 7; index += 1) reports.push(await createReport({ author: user }));
    // Every actor signs in before the outage (sign-in throttling reads Redis).
    const commenter = await deployment.signedIn();
    const liker = await deployment.signedIn();
    const followers = [await deployment.signedIn(), await deployment.signedIn(), await deployment.signedIn()];
    const stream = await deployment.stream(member, b);

    /** A comment, a like and a follow through the first process: three notifications for the member. */
    const act = async (round: number) => {
      expect((await commenter.client.post(`${a}/api/comments`, { articleId: reports[round]!.id, text: `${round + 1}回目のコメントです。` })).status).toBe(201);
      expect((await liker.client.post(`${a}/api/likes/${reports[round + 3]!.id}/toggle`, { liked: true })).status).toBe(200);
      expect((await followers[round]!.client.post(`${a}/api/follows/members/${user.publicId}`)).status).toBe(200);
    };
    /** Every action so far has reached the list: a member's followers of a day are one notification, so actors are counted. */
    const made = async (actions: number, what: string) =>
      eventually(async () => (await listed(member)).reduce((sum, item) => sum + item.actorCount, 0) >= actions, 30_000, what);
    /** The newest version the stream wrote of each notification (a group is written again as it grows). */
    const newest = () => new Map(streamed(stream).map((event) => [(event.data as NotificationItem).id, event.data as NotificationItem]));
    const withoutRead = ({ read: _read, ...item }: NotificationItem) => item;
    const caughtUp = async () => {
      const all = await listed(member);
      const written = newest();
      return all.every((item) => JSON.stringify(withoutRead(written.get(item.id) ?? item)) === JSON.stringify(withoutRead(item)) && written.has(item.id));
    };

    await act(0);
    await made(3, 'the first three notifications');
    await eventually(caughtUp, 10_000, 'the first three on the stream');

    await redis.stop();
    await act(1);
    // Made (and listed) while Redis is down: the worker could not tell anyone.
    await made(6, 'the notifications made during the outage');

    redis = await startRedisServer(port);
    await act(2);
    await made(9, 'the notifications made after the restart');
    await eventually(caughtUp, 30_000, 'every notification on the stream as listed');

    // A last one, through the same worker and bus: once it is written, anything sent again (the
    // worker's messages kept during the outage) has arrived too.
    expect((await commenter.client.post(`${a}/api/comments`, { articleId: reports[6]!.id, text: '最後のコメントです。' })).status).toBe(201);
    await made(10, 'the last notification');
    await eventually(caughtUp, 10_000, 'the last on the stream');

    const final = await listed(member);
    // 4 comments, 3 likes of 3 reports, 3 followers in one group.
    expect(final.map((item) => [item.kind, item.actorCount]).sort()).toEqual([
      ['comment', 1], ['comment', 1], ['comment', 1], ['comment', 1], ['likes', 1], ['likes', 1], ['likes', 1], ['newFollower', 3],
    ]);
    const events = streamed(stream);
    // Nothing written twice: no event id, and no version of a notification, came again.
    const ids = events.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    const versions = events.map((event) => JSON.stringify(withoutRead(event.data as NotificationItem)));
    expect(new Set(versions).size).toBe(versions.length);
    expect([...newest().values()].map(withoutRead).sort((x, y) => x.id - y.id)).toEqual(final.map(withoutRead).sort((x, y) => x.id - y.id));
    expect(stream.events.some((event) => event.event === 'closed' || event.event === 'refresh')).toBe(false);
  });
});
