import type { NotificationPage } from '@hiraku/shared';
import { createReport, createUser } from '../../test/factories';
import { memberWithSession } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { writeTransaction } from '../db/transaction';
import type { Models } from '../models';
import type { NotificationEvent } from './events';
import { createNotificationWorker } from './fanOut';
import { NOTIFY_PENDING, pendingNotificationWork, promotePendingMarks } from './pendingMarks';

/**
 * Comments and likes queue their author's notification in their own row (issue 20, migration 0023). The
 * app runs without its notification worker here, so each test decides when a worker comes.
 */
describe('notification marks on comments and likes', () => {
  let app: TestApp;
  let models: Models;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' }, fanOut: false });
    models = app.services.models;
  });
  afterAll(() => app?.close());

  const worker = () => createNotificationWorker({ models, sequelize: app.services.sequelize, bus: app.services.notifications.bus, logger: app.services.logger });
  const marked = async () => (await models.Comment.count({ where: { notifyPending: NOTIFY_PENDING } })) + (await models.Like.count({ where: { notifyPending: NOTIFY_PENDING } }));

  it('marks the row of a comment and a like made through the API, queues no outbox row, and one worker round tells the author', async () => {
    const a = await memberWithSession(app);
    const report = await createReport({ author: a.user });
    const b = await memberWithSession(app);
    const commented = await b.client.post<{ _id: number }>('/api/comments', { articleId: report.id, text: '参考になりました。' });
    expect(commented.status).toBe(201);
    expect((await b.client.post(`/api/likes/${report.id}/toggle`, { liked: true })).status).toBe(200);

    expect((await models.Comment.findByPk(commented.body._id))?.notifyPending).toBe(NOTIFY_PENDING);
    expect((await models.Like.findOne({ where: { reportId: report.id, userId: b.user.id } }))?.notifyPending).toBe(NOTIFY_PENDING);
    expect(await models.NotificationOutboxEntry.count()).toBe(0);

    await worker().drainOnce();
    expect(await pendingNotificationWork(app.services.sequelize)).toBe(0);
    const { items } = (await a.client.get<NotificationPage>('/api/notifications')).body;
    expect(items.map((item) => item.kind).sort()).toEqual(['comment', 'likes']);
    expect(items.every((item) => item.actor?.publicId === b.user.publicId)).toBe(true);
  });

  it('leaves nothing for a like taken back before the worker came', async () => {
    const a = await memberWithSession(app);
    const report = await createReport({ author: a.user });
    const b = await memberWithSession(app);
    expect((await b.client.post(`/api/likes/${report.id}/toggle`, {})).body).toMatchObject({ liked: true });
    expect((await b.client.post(`/api/likes/${report.id}/toggle`, {})).body).toMatchObject({ liked: false });
    expect(await marked()).toBe(0);

    await worker().drainOnce();
    expect(await models.Notification.count({ where: { userId: a.user.id } })).toBe(0);
  });

  it('moves each marked row into the outbox exactly once with three workers at once, and clears every mark', async () => {
    const author = await createUser();
    const report = await createReport({ author });
    const members: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let index = 0; index < 12; index += 1) members.push(await createUser());
    // Written as the API writes them, a second apart, in one transaction that wakes no worker.
    const base = Date.now() - 60_000;
    await writeTransaction(app.services.sequelize, async (transaction) => {
      for (const [index, member] of members.entries()) {
        const at = new Date(base + index * 1_000);
        await models.Comment.create({ reportId: report.id, authorId: member.id, text: `${index + 1}件目のコメントです。`, notifyPending: NOTIFY_PENDING, createdAt: at }, { transaction });
        await models.Like.create({ reportId: report.id, userId: member.id, notifyPending: NOTIFY_PENDING, createdAt: at }, { transaction });
      }
    });
    expect(await marked()).toBe(24);

    // Three rows per table per round: each worker goes round until no marked row is left.
    const drain = async () => {
      let moved = 0;
      while ((await marked()) > 0) moved += (await promotePendingMarks(app.services.sequelize, 3)).moved;
      return moved;
    };
    const moved = await Promise.all([drain(), drain(), drain()]);
    expect(moved.reduce((sum, n) => sum + n, 0)).toBe(24);

    const queued = await models.NotificationOutboxEntry.findAll({ order: [['id', 'ASC']] });
    const events = queued.map((row) => JSON.parse(row.payload) as NotificationEvent);
    const keys = events.map((event) => (event.kind === 'comment' ? `comment:${event.commentId}` : event.kind === 'like' ? `like:${event.likerId}` : event.kind));
    expect(new Set(keys).size).toBe(24);
    expect(keys.filter((key) => key.startsWith('like:')).sort()).toEqual(members.map((member) => `like:${member.id}`).sort());

    // The worker's fan-out then makes one notification per comment and one group of 12 likers.
    const fanOut = worker();
    while ((await pendingNotificationWork(app.services.sequelize)) > 0) await fanOut.drainOnce();
    const notes = await models.Notification.findAll({ where: { userId: author.id } });
    expect(notes.filter((note) => note.kind === 'comment')).toHaveLength(12);
    expect(new Set(notes.filter((note) => note.kind === 'comment').map((note) => note.commentId)).size).toBe(12);
    expect(notes.filter((note) => note.kind === 'likes')).toHaveLength(1);
  });

  it('queues the rows of a round oldest first, comments and likes together, so streams hear them in order', async () => {
    const author = await createUser();
    const report = await createReport({ author });
    const [b, c] = [await createUser(), await createUser()];
    const at = (seconds: number) => new Date(Date.now() - 60_000 + seconds * 1_000);
    await writeTransaction(app.services.sequelize, async (transaction) => {
      await models.Comment.create({ reportId: report.id, authorId: c.id, text: '後のコメントです。', notifyPending: NOTIFY_PENDING, createdAt: at(3) }, { transaction });
      await models.Like.create({ reportId: report.id, userId: b.id, notifyPending: NOTIFY_PENDING, createdAt: at(2) }, { transaction });
      await models.Comment.create({ reportId: report.id, authorId: b.id, text: '先のコメントです。', notifyPending: NOTIFY_PENDING, createdAt: at(1) }, { transaction });
    });
    expect(await promotePendingMarks(app.services.sequelize)).toEqual({ moved: 3, more: false });
    const events = (await models.NotificationOutboxEntry.findAll({ order: [['id', 'ASC']] })).map((row) => JSON.parse(row.payload) as NotificationEvent);
    const comments = await models.Comment.findAll({ where: { reportId: report.id }, order: [['createdAt', 'ASC']] });
    expect(events).toEqual([
      { kind: 'comment', commentId: comments[0]?.id },
      { kind: 'like', reportId: report.id, likerId: b.id },
      { kind: 'comment', commentId: comments[1]?.id },
    ]);
    await worker().drainOnce();
    expect(await pendingNotificationWork(app.services.sequelize)).toBe(0);
  });
});
