import { NOTIFICATION_KINDS, type NotificationSettings } from '@hiraku/shared';
import { createUser } from '../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import { sqlDateTime } from '../db/connection';
import { insertRows } from '../db/insertRows';
import { writeTransaction } from '../db/transaction';
import { ACTOR_COLUMNS } from './kinds/types';
import { blockMember } from '../commands/memberRelations';
import { saveSettings } from './settings';
import { markRead, unreadCount, unreadCounts } from './store';

/**
 * The bell's unread count on both databases: the rows a member would see in the list (kinds on, an actor
 * still shown), and no further than 100 however many wait, so each new notification of a member who never
 * opens the list costs a bounded count rather than their whole backlog again.
 */
describe.each(TEST_BACKENDS)('unread counts on %s', (_name, open) => {
  let db: TestBackend;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.drop());

  let nextEvent = 1;
  /** `n` notifications of `kind` for the member, newer than every one before. */
  const notifications = (userId: number, kind: string, n: number, actorId?: number) =>
    db.models.Notification.bulkCreate(
      Array.from({ length: n }, () => ({ userId, kind, eventId: nextEvent++, ...(kind === 'decision' ? { payload: JSON.stringify({ action: 'warn', target: 'member' }) } : {}) })),
    ).then(async (rows) => {
      const at = sqlDateTime(db.sequelize, new Date());
      if (actorId !== undefined) await writeTransaction(db.sequelize, (transaction) => insertRows(db.sequelize, 'notification_actors', ACTOR_COLUMNS, rows.map((row) => [row.id, actorId, at]), { transaction }));
      return rows;
    });

  it('stops at 100 however many wait, and counts only what the member would see among the newest', async () => {
    const member = await createUser();
    const other = await createUser();
    const blocked = await createUser();
    const settings = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { inApp: kind !== 'likes', email: true }])) as NotificationSettings;
    await writeTransaction(db.sequelize, (transaction) => saveSettings(db.sequelize, member.id, settings, transaction));
    await writeTransaction(db.sequelize, (transaction) => blockMember(db.models, { viewerId: member.id, publicId: blocked.publicId }, { transaction }));

    await notifications(member.id, 'decision', 99);
    // Newer than all of those and not seen: a kind switched off, a comment by a member they blocked.
    await notifications(member.id, 'likes', 5, other.id);
    await notifications(member.id, 'comment', 5, blocked.id);
    expect(await unreadCount(db, member.id)).toBe(99);

    await notifications(member.id, 'comment', 1, other.id);
    expect(await unreadCount(db, member.id)).toBe(100);
    await notifications(member.id, 'decision', 150);
    expect(await unreadCount(db, member.id)).toBe(100);

    // Read down to 99 of the 250 seen: counted exactly again.
    const unreadIds = (await db.models.Notification.findAll({ where: { userId: member.id, kind: 'decision', readAt: null }, order: [['id', 'DESC']] })).map((row) => row.id);
    await markRead(db, member.id, unreadIds.slice(0, 151));
    expect(await unreadCount(db, member.id)).toBe(99);

    // Several members at once, each capped on their own; a member with nothing counts 0.
    await notifications(other.id, 'decision', 3);
    expect(await unreadCounts(db, [member.id, other.id, blocked.id])).toEqual(
      new Map([
        [member.id, 99],
        [other.id, 3],
        [blocked.id, 0],
      ]),
    );
  });
});
