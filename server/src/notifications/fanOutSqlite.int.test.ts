import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createReport, createUser } from '../../test/factories';
import { eventually } from '../../test/support/searchOutbox';
import { boot } from '../boot';
import { writeTransaction } from '../db/transaction';
import { parseEnv } from '../env';
import { followMember } from '../commands/follows';
import { notify, pendingNotificationWork } from './events';

/**
 * The batched fan-out's own SQL (fanOut.ts: multi-row inserts, the likes' groups and their CASE update) on
 * the embedded SQLite that `npm start` runs, with the worker inside the process as there. The MariaDB side
 * is notifications.int.test.ts.
 */
describe('notification fan-out on SQLite', () => {
  let dataDir: string;
  let booted: Awaited<ReturnType<typeof boot>> | undefined;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-fanout-'));
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MEILI_HOST: process.env.TEST_MEILI_HOST,
      MEILI_MASTER_KEY: process.env.TEST_MEILI_KEY,
      MEILI_INDEX_PREFIX: `fanout${process.pid}_`,
      LOG_LEVEL: 'silent',
    });
    booted = await boot(env);
  });
  afterAll(async () => {
    await booted?.services.search.client.deleteIndex(booted.services.search.reportsIndexUid).waitTask().catch(() => undefined);
    await booted?.shutdown();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('makes a notification per comment and one group per report and day, each liker once, new activity unread again, as the API queues them', async () => {
    const { models, sequelize } = booted!.services;
    const drained = () => eventually(async () => (await pendingNotificationWork(sequelize)) === 0, 10_000, 'the notification work to drain');
    const author = await createUser();
    const [b, c] = [await createUser(), await createUser()];
    const report = await createReport({ author });
    await writeTransaction(sequelize, async (transaction) => {
      for (const member of [b, c]) {
        const row = await models.Comment.create({ reportId: report.id, authorId: member.id, text: 'ありがとうございました。' }, { transaction });
        await notify(models, { kind: 'comment', commentId: row.id }, { transaction });
        await models.Like.create({ reportId: report.id, userId: member.id }, { transaction });
        await notify(models, { kind: 'like', reportId: report.id, likerId: member.id }, { transaction });
      }
      await notify(models, { kind: 'like', reportId: report.id, likerId: b.id }, { transaction });
    });
    await drained();
    const rows = await models.Notification.findAll({ where: { userId: author.id }, order: [['id', 'ASC']] });
    expect(rows.map((row) => row.kind).sort()).toEqual(['comment', 'comment', 'likes']);
    const group = rows.find((row) => row.kind === 'likes')!;
    const actorsOf = async (id: number) =>
      (await sequelize.query<{ actor_id: number }>('SELECT actor_id FROM notification_actors WHERE notification_id = ? ORDER BY actor_id', { replacements: [id], type: 'SELECT' as never })).map((row) => Number(row.actor_id));
    expect(await actorsOf(group.id)).toEqual([b.id, c.id].sort((x, y) => x - y));

    // A third liker later, who comments too, both queued with notify() as the API queues them:
    // the same group, unread again, with a newer event, and a third comment.
    await group.update({ readAt: new Date() });
    const d = await createUser();
    await writeTransaction(sequelize, async (transaction) => {
      await models.Like.create({ reportId: report.id, userId: d.id }, { transaction });
      await notify(models, { kind: 'like', reportId: report.id, likerId: d.id }, { transaction });
      const row = await models.Comment.create({ reportId: report.id, authorId: d.id, text: '私も試してみます。' }, { transaction });
      await notify(models, { kind: 'comment', commentId: row.id }, { transaction });
    });
    await drained();
    const again = await models.Notification.findByPk(group.id);
    expect(again?.readAt).toBeNull();
    expect(Number(again?.eventId)).toBeGreaterThan(Number(group.eventId));
    expect(await actorsOf(group.id)).toEqual([b.id, c.id, d.id].sort((x, y) => x - y));
    expect(await models.Notification.count({ where: { userId: author.id } })).toBe(4);
    expect(await pendingNotificationWork(sequelize)).toBe(0);
  });

  it('tells followers of a report once per author and Japan day (the UPDATE without a join), and a followee of their new followers, grouped', async () => {
    const { models, sequelize } = booted!.services;
    const drained = () => eventually(async () => (await pendingNotificationWork(sequelize)) === 0, 10_000, 'the notification work to drain');
    const author = await createUser();
    const [reader, other, muter] = [await createUser(), await createUser(), await createUser()];
    await writeTransaction(sequelize, async (transaction) => {
      for (const member of [reader, other, muter]) await followMember(models, { viewerId: member.id, publicId: author.publicId, now: new Date() }, { transaction });
      await models.Mute.create({ muterId: muter.id, mutedId: author.id }, { transaction });
    });
    const first = await createReport({ author, publishedAt: new Date() });
    await writeTransaction(sequelize, (transaction) => notify(models, { kind: 'followedReport', reportId: first.id }, { transaction }));
    await drained();
    await models.Notification.update({ readAt: new Date() }, { where: { kind: 'followedReport' } });
    const second = await createReport({ author, publishedAt: new Date() });
    await writeTransaction(sequelize, (transaction) => notify(models, { kind: 'followedReport', reportId: second.id }, { transaction }));
    await drained();
    const told = await models.Notification.findAll({ where: { kind: 'followedReport' }, order: [['userId', 'ASC']] });
    expect(told.map((row) => row.userId)).toEqual([reader.id, other.id]);
    for (const row of told) {
      expect(row).toMatchObject({ reportId: second.id, readAt: null });
      expect(JSON.parse(row.payload ?? '{}')).toEqual({ reports: 2 });
    }
    const followed = await models.Notification.findAll({ where: { userId: author.id, kind: 'newFollower' } });
    expect(followed).toHaveLength(1);
    const [actors] = await sequelize.query<{ n: number }>('SELECT COUNT(*) AS n FROM notification_actors WHERE notification_id = ?', { replacements: [followed[0]!.id], type: 'SELECT' as never });
    expect(Number(actors?.n)).toBe(3);
  });
});
