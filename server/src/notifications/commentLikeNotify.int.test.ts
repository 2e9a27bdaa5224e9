import type { NotificationPage } from '@hiraku/shared';
import { createReport, createUser } from '../../test/factories';
import { memberWithSession } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { createComment } from '../commands/commentCreator';
import { writeTransaction } from '../db/transaction';
import type { Models } from '../models';
import { notify, pendingNotificationWork, type NotificationEvent } from './events';
import { createNotificationWorker } from './fanOut';

/**
 * A comment and a like queue their author's notification with notify() like every other kind (issue 34:
 * one outbox INSERT in their own transaction). The app runs without its notification worker here, so
 * each test decides when a worker comes.
 */
describe('notifications of comments and likes', () => {
  let app: TestApp;
  let models: Models;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' }, fanOut: false });
    models = app.services.models;
  });
  afterAll(() => app?.close());

  const worker = () => createNotificationWorker({ models, sequelize: app.services.sequelize, bus: app.services.notifications.bus, logger: app.services.logger, storage: app.services.storage });
  const queued = async () => (await models.NotificationOutboxEntry.findAll({ order: [['id', 'ASC']] })).map((row) => JSON.parse(row.payload) as NotificationEvent);

  it('queues one outbox row for a comment and a like made through the API, and one worker round tells the author', async () => {
    await models.NotificationOutboxEntry.destroy({ where: {} });
    const a = await memberWithSession(app);
    const report = await createReport({ author: a.user });
    const b = await memberWithSession(app);
    const commented = await b.client.post<{ _id: number }>('/api/comments', { articleId: report.id, text: '参考になりました。' });
    expect(commented.status).toBe(201);
    expect((await b.client.post(`/api/likes/${report.id}/toggle`, { liked: true })).status).toBe(200);

    expect(await queued()).toEqual([
      { kind: 'comment', commentId: commented.body._id },
      { kind: 'like', reportId: report.id, likerId: b.user.id },
    ]);

    await worker().drainOnce();
    expect(await pendingNotificationWork(app.services.sequelize)).toBe(0);
    const { items } = (await a.client.get<NotificationPage>('/api/notifications')).body;
    expect(items.map((item) => item.kind).sort()).toEqual(['comment', 'likes']);
    expect(items.every((item) => item.actor?.publicId === b.user.publicId)).toBe(true);
  });

  it('leaves no notification for a comment whose transaction rolls back', async () => {
    await models.NotificationOutboxEntry.destroy({ where: {} });
    const a = await memberWithSession(app);
    const report = await createReport({ author: a.user });
    const b = await memberWithSession(app);
    const viewer = { id: b.user.id, role: b.user.role };
    await expect(
      writeTransaction(app.services.sequelize, async (transaction) => {
        await createComment(app.services, { viewer, input: { articleId: report.id, text: '取り消されるコメントです。' } }, { transaction });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await pendingNotificationWork(app.services.sequelize)).toBe(0);
    await worker().drainOnce();
    expect(await models.Notification.count({ where: { userId: a.user.id } })).toBe(0);
  });

  it('leaves nothing for a like taken back before the worker came', async () => {
    const a = await memberWithSession(app);
    const report = await createReport({ author: a.user });
    const b = await memberWithSession(app);
    expect((await b.client.post(`/api/likes/${report.id}/toggle`, {})).body).toMatchObject({ liked: true });
    expect((await b.client.post(`/api/likes/${report.id}/toggle`, {})).body).toMatchObject({ liked: false });

    await worker().drainOnce();
    expect(await models.Notification.count({ where: { userId: a.user.id } })).toBe(0);
  });

  it('makes each queued comment and like into a notification exactly once with three workers at once: none lost, none twice', async () => {
    await models.NotificationOutboxEntry.destroy({ where: {} });
    const author = await createUser();
    const report = await createReport({ author });
    const members: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let index = 0; index < 12; index += 1) members.push(await createUser());
    // Written as the API writes them, in one transaction that wakes no worker of this app.
    await writeTransaction(app.services.sequelize, async (transaction) => {
      for (const [index, member] of members.entries()) {
        const comment = await models.Comment.create({ reportId: report.id, authorId: member.id, text: `${index + 1}件目のコメントです。` }, { transaction });
        await notify(models, { kind: 'comment', commentId: comment.id }, { transaction });
        await models.Like.create({ reportId: report.id, userId: member.id }, { transaction });
        await notify(models, { kind: 'like', reportId: report.id, likerId: member.id }, { transaction });
      }
    });
    expect(await pendingNotificationWork(app.services.sequelize)).toBe(24);

    // Three rows per round: each worker goes round until nothing is left.
    const drain = async () => {
      const fanOut = createNotificationWorker(
        { models, sequelize: app.services.sequelize, bus: app.services.notifications.bus, logger: app.services.logger, storage: app.services.storage },
        { batchSize: 3 },
      );
      while ((await pendingNotificationWork(app.services.sequelize)) > 0) await fanOut.drainOnce();
    };
    await Promise.all([drain(), drain(), drain()]);

    const notes = await models.Notification.findAll({ where: { userId: author.id } });
    expect(notes.filter((note) => note.kind === 'comment')).toHaveLength(12);
    expect(new Set(notes.filter((note) => note.kind === 'comment').map((note) => note.commentId)).size).toBe(12);
    const likes = notes.filter((note) => note.kind === 'likes');
    expect(likes).toHaveLength(1);
    const [actors] = await app.services.sequelize.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM notification_actors WHERE notification_id = ?', {
      replacements: [likes[0]!.id],
      type: 'SELECT' as never,
    });
    expect(Number(actors?.n)).toBe(12);
  });

  it('queues events in the order the writes committed, comments and likes together, so streams hear them in order', async () => {
    await models.NotificationOutboxEntry.destroy({ where: {} });
    const a = await memberWithSession(app);
    const report = await createReport({ author: a.user });
    const [b, c] = [await memberWithSession(app), await memberWithSession(app)];
    const first = await b.client.post<{ _id: number }>('/api/comments', { articleId: report.id, text: '先のコメントです。' });
    expect((await b.client.post(`/api/likes/${report.id}/toggle`, { liked: true })).status).toBe(200);
    const last = await c.client.post<{ _id: number }>('/api/comments', { articleId: report.id, text: '後のコメントです。' });
    expect(await queued()).toEqual([
      { kind: 'comment', commentId: first.body._id },
      { kind: 'like', reportId: report.id, likerId: b.user.id },
      { kind: 'comment', commentId: last.body._id },
    ]);
    await worker().drainOnce();
    expect(await pendingNotificationWork(app.services.sequelize)).toBe(0);
  });
});
