import type { NamedCache } from '../cache/namedCache';
import { NOTIFICATION_LIMITS, TEXTS, type NotificationItem, type NotificationKind, type NotificationPage, type NotificationSettings } from '@hiraku/shared';
import { literal, Op, QueryTypes, type Sequelize, type WhereOptions } from 'sequelize';
import { z } from 'zod';
import { sqlDateTime } from '../db/connection';
import { validationError } from '../errors';
import { keysetCursor } from '../http/keysetCursor';
import type { Models, Notification } from '../models';
import type { Storage } from '../storage/storage';
import { followersReportSeenSql, listedReportSql, notifiableSql } from '../visibility';
import { kindsOn, loadSettings } from './settings';

export interface StoreDeps {
  sequelize: Sequelize;
  models: Pick<Models, 'Notification' | 'Announcement' | 'Report' | 'Passkey'>;
  storage: Pick<Storage, 'url'>;
}

const LINES = TEXTS.notification.lines;

interface Payload {
  action?: string;
  outcome?: string;
  target?: string;
  /** A moderation case: the decision page is the link. */
  caseId?: number;
  /** A followed member's new reports: how many they published that Japan day. */
  reports?: number;
}

function parsePayload(text: string | null): Payload {
  if (!text) return {};
  try {
    return JSON.parse(text) as Payload;
  } catch {
    return {};
  }
}

interface ActorRow {
  notification_id: number;
  public_id: string;
  username: string | null;
  icon_key: string | null;
}

/**
 * The notifications as members see them, a page at a time: actors (the newest first; suspended members
 * left out), report titles and announcements in three batched queries, whatever the page's size.
 */
export async function presentNotifications(deps: StoreDeps, rows: readonly Notification[]): Promise<NotificationItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const actors = await deps.sequelize.query<ActorRow>(
    `SELECT na.notification_id, u.public_id, p.username, p.icon_key
       FROM notification_actors na
       JOIN notifications n ON n.id = na.notification_id
       JOIN users u ON u.id = na.actor_id AND u.suspended_at IS NULL
       LEFT JOIN profiles p ON p.user_id = u.id
      WHERE na.notification_id IN (?)
        AND ${notifiableSql('na.actor_id', 'n.user_id', deps.sequelize.escape(sqlDateTime(deps.sequelize, new Date())))}
      ORDER BY na.created_at DESC, na.actor_id DESC`,
    { replacements: [ids], type: QueryTypes.SELECT },
  );
  const byNotification = new Map<number, ActorRow[]>();
  for (const actor of actors) {
    const key = Number(actor.notification_id);
    byNotification.set(key, [...(byNotification.get(key) ?? []), actor]);
  }
  const reportIds = [...new Set(rows.map((row) => row.reportId).filter((id): id is number => id !== null))];
  const reports = reportIds.length > 0 ? await deps.models.Report.findAll({ where: { id: { [Op.in]: reportIds } }, attributes: ['id', 'title'] }) : [];
  const titles = new Map(reports.map((report) => [Number(report.id), report.title]));
  const announcementIds = [...new Set(rows.map((row) => row.announcementId).filter((id): id is number => id !== null))];
  const announcements =
    announcementIds.length > 0 ? await deps.models.Announcement.findAll({ where: { id: { [Op.in]: announcementIds } }, attributes: ['id', 'title', 'body'] }) : [];
  const announcementById = new Map(announcements.map((entry) => [Number(entry.id), entry]));

  return rows.map((row): NotificationItem => {
    const kind = row.kind as NotificationKind;
    const people = byNotification.get(Number(row.id)) ?? [];
    const first = people[0];
    const title = row.reportId !== null ? (titles.get(Number(row.reportId)) ?? '') : '';
    const payload = parsePayload(row.payload);
    const target = LINES.targets[payload.target ?? 'content'] ?? LINES.targets.content ?? '';
    const label = (value: string | undefined) => (value ? (LINES.actions[value] ?? LINES.otherAction) : LINES.otherAction);
    const announcement = row.announcementId !== null ? announcementById.get(Number(row.announcementId)) : undefined;
    const name = first?.username ?? null;
    const others = Math.max(people.length - 1, 0);
    let text: string;
    let link: string | null = payload.caseId !== undefined ? `/decisions/${payload.caseId}` : row.reportId !== null ? `/reports/${row.reportId}` : null;
    if (kind === 'followedReport') text = LINES.followedReport(name, payload.reports ?? 1);
    else if (kind === 'newFollower' || kind === 'followRequest') {
      text = kind === 'newFollower' ? LINES.newFollower(name, others) : LINES.followRequest(name, others);
      // Followers and requests are listed, and answered, in 設定 only.
      link = '/settings';
    } else if (kind === 'followApproved') {
      text = LINES.followApproved(name);
      link = first ? `/profile/${encodeURIComponent(first.public_id)}` : null;
    } else if (kind === 'comment') text = LINES.comment(first?.username ?? null, title);
    else if (kind === 'likes') text = LINES.likes(first?.username ?? null, Math.max(people.length - 1, 0), title);
    else if (kind === 'decision') text = LINES.decision(label(payload.action), target);
    else if (kind === 'appeal') text = LINES.appeal(label(payload.outcome), target);
    else if (kind === 'flagOutcome') text = LINES.flagOutcome(label(payload.outcome), target);
    else text = LINES.announcement(announcement?.title ?? '');
    return {
      id: Number(row.id),
      kind,
      text,
      actor: first ? { publicId: first.public_id, username: first.username ?? '', iconUrl: first.icon_key ? deps.storage.url(first.icon_key) : null } : null,
      actorCount: people.length,
      link,
      body: announcement?.body ?? null,
      read: row.readAt !== null,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** Kinds a member's act makes (a comment, likes, follows): shown only while one of their actors may still reach the member. */
const ACTOR_KINDS = ['comment', 'likes', 'followedReport', 'newFollower', 'followRequest', 'followApproved'];

/**
 * Issue 35: a notification whose every actor the member has blocked (or is blocked by), or mutes while the
 * mute lasts, leaves their list; it comes back when the mute ends. Read at list time, so nothing is lost.
 * Issue 36: a followed member's report is told only while the member may still see it (hidden, or the
 * follow of a フォロワーのみ report's author ended since).
 */
function someActorShownSql(sequelize: Sequelize, now: Date): string {
  const at = sequelize.escape(sqlDateTime(sequelize, now));
  return `(\`Notification\`.kind NOT IN (${ACTOR_KINDS.map((kind) => sequelize.escape(kind)).join(', ')})
    OR EXISTS (SELECT 1 FROM notification_actors vis_na WHERE vis_na.notification_id = \`Notification\`.id
                AND ${notifiableSql('vis_na.actor_id', '`Notification`.user_id', at)}))
    AND (\`Notification\`.kind <> 'followedReport' OR EXISTS (SELECT 1 FROM reports vis_fr WHERE vis_fr.id = \`Notification\`.report_id
                AND (${listedReportSql('vis_fr')} OR ${followersReportSeenSql('vis_fr', '`Notification`.user_id')})))`;
}

/** someActorShownSql as a condition on the Notification model: the list's and count's rule, for the digest too. */
export function shownNotificationsWhere(sequelize: Sequelize, now = new Date()) {
  return literal(someActorShownSql(sequelize, now));
}

/** The rows a member sees in the app: their own, of kinds switched on, and groups that still have someone in them. */
function visibleWhere(sequelize: Sequelize, userId: number, settings: NotificationSettings, now = new Date()): WhereOptions<Notification> {
  return { userId, kind: { [Op.in]: kindsOn(settings, 'inApp') }, [Op.and]: [literal(someActorShownSql(sequelize, now))] };
}

/** The keyset of the list's order: the row's updatedAt (ms) and id. */
const cursorCodec = keysetCursor(
  z.object({ t: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  () => validationError(TEXTS.notification.invalidCursor, { cursor: TEXTS.notification.invalidCursor }),
);
const encodeCursor = (row: Notification): string => cursorCodec.encode({ t: row.updatedAt.getTime(), i: row.id });

export async function listNotifications(deps: StoreDeps, userId: number, cursor: string | undefined): Promise<NotificationPage> {
  const settings = await loadSettings(deps.sequelize, userId);
  const where: WhereOptions<Notification>[] = [visibleWhere(deps.sequelize, userId, settings)];
  const after = cursorCodec.decode(cursor);
  if (after) {
    const at = new Date(after.t);
    where.push({ [Op.or]: [{ updatedAt: { [Op.lt]: at } }, { updatedAt: at, id: { [Op.lt]: after.i } }] });
  }
  const rows = await deps.models.Notification.findAll({
    where: { [Op.and]: where },
    order: [['updatedAt', 'DESC'], ['id', 'DESC']],
    limit: NOTIFICATION_LIMITS.pageSize + 1,
  });
  const page = rows.slice(0, NOTIFICATION_LIMITS.pageSize);
  const last = page[page.length - 1];
  return { items: await presentNotifications(deps, page), nextCursor: rows.length > NOTIFICATION_LIMITS.pageSize && last ? encodeCursor(last) : null };
}

/** Unread, of kinds on in the app; a group of likes counts once. */
export async function unreadCount(deps: Pick<StoreDeps, 'sequelize' | 'models'>, userId: number, settings?: NotificationSettings): Promise<number> {
  const on = kindsOn(settings ?? (await loadSettings(deps.sequelize, userId)), 'inApp');
  if (on.length === 0) return 0;
  return deps.models.Notification.count({ where: { userId, readAt: null, kind: { [Op.in]: on }, [Op.and]: [literal(someActorShownSql(deps.sequelize, new Date()))] } });
}

/**
 * unreadCount for several members in one statement, whatever their number (a worker's batch, an
 * announcement to every open stream of a process): unread rows by member and kind, each member's kinds
 * on in the app added up.
 */
export async function unreadCounts(deps: Pick<StoreDeps, 'sequelize'>, settingsByUser: ReadonlyMap<number, NotificationSettings>): Promise<Map<number, number>> {
  const counts = new Map<number, number>([...settingsByUser.keys()].map((userId) => [userId, 0]));
  if (counts.size === 0) return counts;
  const rows = await deps.sequelize.query<{ user_id: number | string; kind: string; n: number | string }>(
    `SELECT \`Notification\`.user_id, \`Notification\`.kind, COUNT(*) AS n FROM notifications AS \`Notification\`
      WHERE \`Notification\`.user_id IN (:users) AND \`Notification\`.read_at IS NULL AND ${someActorShownSql(deps.sequelize, new Date())}
      GROUP BY \`Notification\`.user_id, \`Notification\`.kind`,
    { replacements: { users: [...counts.keys()] }, type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    const userId = Number(row.user_id);
    const settings = settingsByUser.get(userId);
    if (settings?.[row.kind as NotificationKind]?.inApp) counts.set(userId, (counts.get(userId) ?? 0) + Number(row.n));
  }
  return counts;
}

/** Marks the member's own notifications read (`ids`, or all); another member's ids change nothing. */
export async function markRead(deps: Pick<StoreDeps, 'models'>, userId: number, ids: readonly number[] | 'all', now = new Date()): Promise<number> {
  const where: WhereOptions<Notification> = ids === 'all' ? { userId, readAt: null } : { userId, readAt: null, id: { [Op.in]: [...ids] } };
  const [changed] = await deps.models.Notification.update({ readAt: now }, { where, silent: true });
  return changed;
}

/** For a stream that resumes: the member's notifications changed after `lastEventId`, oldest change first. */
export async function notificationsAfter(deps: StoreDeps, userId: number, lastEventId: number, settings: NotificationSettings): Promise<Notification[]> {
  return deps.models.Notification.findAll({
    where: { ...visibleWhere(deps.sequelize, userId, settings), eventId: { [Op.gt]: lastEventId } },
    order: [['eventId', 'ASC']],
    limit: NOTIFICATION_LIMITS.resumeMax,
  });
}

/** The member's newest notification event (0 for none): where a new stream would resume from. */
export async function newestEventId(deps: Pick<StoreDeps, 'models'>, userId: number): Promise<number> {
  const newest: unknown = await deps.models.Notification.max('eventId', { where: { userId } });
  return Number(newest ?? 0) || 0;
}

/**
 * Records that the member is here (the app asks for the unread count on every page, and the stream
 * connects): the digest goes only to members away for a day. Written at most every five minutes per
 * member and process (the app's named cache `visitMarks`, cache/appCaches.ts), so it costs nothing on
 * most requests; members arriving together share the one write.
 */
export async function noteVisit(sequelize: Sequelize, visitMarks: NamedCache<number>, userId: number, now = new Date()): Promise<void> {
  await visitMarks.get(String(userId), async () => {
    await writeVisit(sequelize, userId, now);
    return now.getTime();
  });
}

async function writeVisit(sequelize: Sequelize, userId: number, now: Date): Promise<void> {
  const at = sqlDateTime(sequelize, now);
  // One statement either way: MariaDB/MySQL and SQLite each say "insert, or update the one there" their own way.
  const upsert =
    sequelize.getDialect() === 'sqlite'
      ? 'INSERT INTO notification_members (user_id, last_seen_at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET last_seen_at = excluded.last_seen_at'
      : 'INSERT INTO notification_members (user_id, last_seen_at) VALUES (?, ?) ON DUPLICATE KEY UPDATE last_seen_at = VALUES(last_seen_at)';
  await sequelize.query(upsert, { replacements: [userId, at] });
}
