import { NOTIFICATION_LIMITS } from '@hiraku/shared';
import { Redis } from 'ioredis';
import type { OpenStream } from '../support/eventStream';
import { eventually } from '../support/searchOutbox';
import { startStreamDeployment, type StreamDeployment } from '../support/streamDeployment';

/**
 * Two API processes (HIRAKU_ROLE=api) on one MariaDB and Redis: a member's streams, and an address's, are
 * capped for the deployment, not for each process. A stream opened on one process beyond a cap closes the
 * oldest, on whichever process holds it, with the final `closed` event (notifications/streamRegistry.ts).
 */
describe('scale-out: the per-member stream cap holds across API processes', () => {
  let deployment: StreamDeployment;
  let a: string;
  let b: string;

  beforeAll(async () => {
    deployment = await startStreamDeployment({ name: 'streamlimits', redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
    [a, b] = deployment.apiUrls as [string, string];
  }, 240_000);
  afterAll(() => deployment?.close());

  const untouched = untouchedStream;

  it(`closes the oldest of ${NOTIFICATION_LIMITS.streamsPerMember} streams on one process when the member opens another on the other`, async () => {
    const { client, user } = await deployment.signedIn();
    const { client: otherMember } = await deployment.signedIn();
    const onA: OpenStream[] = [];
    for (let index = 0; index < NOTIFICATION_LIMITS.streamsPerMember; index += 1) onA.push(await deployment.stream(client, a));
    const others = await deployment.stream(otherMember, b);
    expect(onA.every(untouched)).toBe(true);

    const onB = await deployment.stream(client, b);
    const closed = await onA[0]!.next('closed', { timeoutMs: 2_000 });
    expect(closed.data).toEqual({ reason: 'too_many_streams' });
    await onA[0]!.ended;
    for (const kept of [...onA.slice(1), onB, others]) expect(untouched(kept)).toBe(true);

    // Another on B: the oldest left, the second on A, goes next; B's own stays.
    const again = await deployment.stream(client, b);
    expect((await onA[1]!.next('closed', { timeoutMs: 2_000 })).data).toEqual({ reason: 'too_many_streams' });
    await onA[1]!.ended;
    for (const kept of [...onA.slice(2), onB, again, others]) expect(untouched(kept)).toBe(true);

    // A stream that ended by itself no longer counts: closing one leaves room for one more, closing none.
    onA[2]!.close();
    await onA[2]!.ended;
    // Once its process has seen it end (the member's streams as every process counts them).
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      await eventually(async () => (await redis.zcard(`${deployment.redisPrefix}streams:${user.id}:opened`)) === NOTIFICATION_LIMITS.streamsPerMember - 1, 5_000, 'the ended stream to be uncounted');
    } finally {
      redis.disconnect();
    }
    const room = await deployment.stream(client, a);
    await expect(onA[3]!.next('closed', { timeoutMs: 1_000 })).rejects.toThrow(/no "closed" event/);
    for (const kept of [...onA.slice(3), onB, again, room, others]) expect(untouched(kept)).toBe(true);
  });
});

describe('scale-out: the per-address stream cap holds across API processes', () => {
  let deployment: StreamDeployment;

  beforeAll(async () => {
    deployment = await startStreamDeployment({ name: 'addresslimits', redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
  }, 240_000);
  afterAll(() => deployment?.close());

  it(`closes the address's oldest stream, on the other process, when its ${NOTIFICATION_LIMITS.streamsPerAddress + 1}th opens`, async () => {
    const [a, b] = deployment.apiUrls as [string, string];
    const perMember = NOTIFICATION_LIMITS.streamsPerMember;
    const membersToFill = NOTIFICATION_LIMITS.streamsPerAddress / perMember;
    const members = await Promise.all(Array.from({ length: membersToFill + 1 }, () => deployment.signedIn()));
    // Half the address's streams on each process, every member within their own cap.
    const open: OpenStream[] = [];
    for (const [index, { client }] of members.slice(0, membersToFill).entries()) {
      for (let stream = 0; stream < perMember; stream += 1) open.push(await deployment.stream(client, index < membersToFill / 2 ? a : b));
    }
    expect(open.every(untouchedStream)).toBe(true);

    const last = await deployment.stream((members[membersToFill] as (typeof members)[number]).client, b);
    const closed = await open[0]!.next('closed', { timeoutMs: 2_000 });
    expect(closed.data).toEqual({ reason: 'too_many_streams' });
    await open[0]!.ended;
    for (const kept of [...open.slice(1), last]) expect(untouchedStream(kept)).toBe(true);
  });
});

function untouchedStream(stream: OpenStream): boolean {
  return !stream.events.some((event) => event.event === 'closed' || event.event === 'refresh');
}
