import { openEventStream, type OpenStream } from '../../test/support/eventStream';
import { heldBus } from '../../test/support/heldBus';
import { memberWithSession } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { writeTransaction } from '../db/transaction';
import { notify } from './events';
import { createNotificationWorker } from './fanOut';

/**
 * Issue 34: an announcement reaches every open stream of a process in statements that do not grow with
 * their number (it was three per member: the row, its presentation, the unread count). The worker runs
 * here by hand with a bus the test holds, so the statements counted are the receiving process's only:
 * from the moment the worker's message is published on the app's bus until every stream wrote it.
 */
describe('an announcement to the open streams of a process', () => {
  let app: TestApp;
  const open: OpenStream[] = [];
  const counted: string[] = [];
  let counting = false;

  beforeAll(async () => {
    // Every stream comes from the test's one loopback address: the per-address cap scaled up to hold them.
    // No mail runner: its poll on its own clock landed inside the longer count once (CI counted 4 for 3).
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' }, fanOut: false, deliverMail: false });
    app.services.sequelize.addHook('afterQuery', (_options, query) => {
      const { sql } = query as unknown as { sql?: unknown };
      const text = typeof sql === 'string' ? sql : '';
      // The session watch runs on its own clock, one statement per 500 sessions (stream.ts): not the announcement's.
      if (counting && !text.includes('refresh_tokens')) counted.push(text);
    });
  }, 60_000);
  afterAll(async () => {
    for (const stream of open.splice(0)) stream.close();
    await app?.close();
  });

  async function openStreams(n: number): Promise<void> {
    const members = [];
    for (let index = 0; index < n; index += 1) members.push(await memberWithSession(app));
    for (let start = 0; start < members.length; start += 50) {
      const opened = await Promise.all(members.slice(start, start + 50).map((member) => openEventStream(member.client)));
      await Promise.all(opened.map((stream) => stream.next('unread', { timeoutMs: 30_000 })));
      open.push(...opened);
    }
  }

  /** Statements the app's process sends to write one announcement to all its open streams, numbers left out. */
  async function announce(title: string): Promise<string[]> {
    const { models, sequelize, logger, storage } = app.services;
    const { bus: held, published: made } = heldBus();
    const announcement = await models.Announcement.create({ title, body: `${title}の本文です。`, authorId: null });
    await writeTransaction(sequelize, (transaction) => notify(models, { kind: 'announcement', announcementId: announcement.id }, { transaction }));
    await createNotificationWorker({ models, sequelize, bus: held, logger, storage }).drainOnce();
    expect(made).toHaveLength(1);

    counted.length = 0;
    counting = true;
    await app.services.notifications.bus.publish(...made);
    await Promise.all(open.map((stream) => stream.next('notification', { timeoutMs: 30_000, where: (event) => (event.data as { text?: string }).text?.includes(title) === true })));
    counting = false;
    return counted.map((sql) => sql.replace(/\d+/g, '?').replace(/\?(, \?)+/g, '?…'));
  }

  it('costs the same few statements for 10 members as for 1,000', async () => {
    await openStreams(10);
    const few = await announce('十人へのお知らせ');
    await openStreams(990);
    expect(app.services.notifications.hub.size()).toBe(1_000);
    const many = await announce('千人へのお知らせ');
    expect(few.length).toBeGreaterThan(0);
    expect(few.length).toBeLessThanOrEqual(3);
    // The statements themselves, so that a failure names the one that came in addition.
    expect(many).toEqual(few);
    // Each member got their own row's id, and their unread count after it.
    const last = open.at(-1)!;
    const item = (await last.next('notification', { where: (event) => (event.data as { text?: string }).text?.includes('千人') === true })).data as { id: number; read: boolean };
    expect(item.read).toBe(false);
    expect(await app.services.models.Notification.count({ where: { id: item.id, kind: 'announcement' } })).toBe(1);
  }, 300_000);
});
