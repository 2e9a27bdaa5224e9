import { DIGEST_AWAY_HOURS, DIGEST_HOUR_JST, NOTIFICATION_LIMITS, TEXTS, japanDay, type NotificationSettings } from '@hiraku/shared';
import { Op, QueryTypes, type Sequelize } from 'sequelize';
import { generateSecretToken, hashSecretToken } from '../auth/secretTokens';
import { enqueueMail } from '../commands/mailOutbox';
import { sqlDateTime } from '../db/connection';
import { withNamedLock } from '../db/namedLock';
import { brokenUniqueConstraint } from '../db/uniqueConstraint';
import { writeTransaction } from '../db/transaction';
import { startPeriodicJob, type PeriodicJob } from '../jobs/periodicJob';
import type { Logger } from '../logger';
import type { Models } from '../models';
import { kindsOn, loadSettings, saveSettings } from './settings';
import { affectedRows } from '../db/affectedRows';
import { presentNotifications, shownNotificationsWhere } from './store';
import type { Storage } from '../storage/storage';

export interface DigestDeps {
  models: Models;
  sequelize: Sequelize;
  storage: Pick<Storage, 'url'>;
  /** PUBLIC_URL: the base of the digest's links. */
  publicUrl: string;
}

const MAIL = TEXTS.notification.mail;
const JST_OFFSET_MS = 9 * 3_600_000;

/** Whether the day's digest is due at `now`: from 20:00 Japan time until the day ends. */
export function digestDue(now: Date): boolean {
  return new Date(now.getTime() + JST_OFFSET_MS).getUTCHours() >= DIGEST_HOUR_JST;
}

/** The path of the unsubscribe link (GET: the web page; POST: the one-click of List-Unsubscribe-Post). */
export const UNSUBSCRIBE_API_PATH = '/api/notifications/unsubscribe';
export const UNSUBSCRIBE_PAGE_PATH = '/notifications/unsubscribe';

/**
 * The day's digest at `now`: to every member with unread notifications of kinds they want by mail, not
 * seen for 24 hours, not suspended, who got no digest today. Each member is claimed by one UPDATE
 * (digest_day < today), so two workers running this at once send each digest once; the mail goes
 * through the mail outbox in the same transaction. Answers the number of digests queued.
 */
export async function sendDailyDigest(deps: DigestDeps, now = new Date()): Promise<number> {
  const { sequelize } = deps;
  const today = japanDay(now);
  const away = sqlDateTime(sequelize, new Date(now.getTime() - DIGEST_AWAY_HOURS * 3_600_000));
  const candidates = await sequelize.query<{ user_id: number }>(
    `SELECT DISTINCT n.user_id FROM notifications n
       JOIN users u ON u.id = n.user_id AND u.suspended_at IS NULL
       LEFT JOIN notification_members m ON m.user_id = n.user_id
      WHERE n.read_at IS NULL
        AND (m.user_id IS NULL OR ((m.last_seen_at IS NULL OR m.last_seen_at < ?) AND (m.digest_day IS NULL OR m.digest_day < ?)
             AND (m.digest_after IS NULL OR n.updated_at > m.digest_after)))`,
    { replacements: [away, today], type: QueryTypes.SELECT },
  );
  let queued = 0;
  for (const { user_id: rawId } of candidates) {
    const userId = Number(rawId);
    const sent = await writeTransaction(sequelize, async (transaction): Promise<boolean> => {
      // SQLite has no FOR UPDATE (it writes one transaction at a time anyway).
      const lock = sequelize.getDialect() === 'sqlite' ? '' : ' FOR UPDATE';
      const [existing] = await sequelize.query(`SELECT user_id FROM notification_members WHERE user_id = ?${lock}`, {
        replacements: [userId],
        type: QueryTypes.SELECT,
        transaction,
      });
      // A member never seen has no row yet; of two workers inserting it, the second waits, then fails: it was claimed.
      if (!existing) await sequelize.query('INSERT INTO notification_members (user_id) VALUES (?)', { replacements: [userId], transaction });
      const [state] = await sequelize.query<{ digest_after: Date | string | null }>('SELECT digest_after FROM notification_members WHERE user_id = ?', {
        replacements: [userId],
        type: QueryTypes.SELECT,
        transaction,
      });
      const claim = await sequelize.query(
        `UPDATE notification_members SET digest_day = ?, digest_after = ?
          WHERE user_id = ? AND (digest_day IS NULL OR digest_day < ?) AND (last_seen_at IS NULL OR last_seen_at < ?)`,
        { replacements: [today, sqlDateTime(sequelize, now), userId, today, away], transaction },
      );
      // Another worker sent it, or the member came by meanwhile.
      if (affectedRows(claim) === 0) return false;
      const settings: NotificationSettings = await loadSettings(sequelize, userId, transaction);
      const kinds = kindsOn(settings, 'email');
      if (kinds.length === 0) return false;
      const after = state?.digest_after ? new Date(state.digest_after) : new Date(0);
      // What the member's list would show: nothing from a member they block or mute (store.ts).
      const where = { userId, readAt: null, kind: { [Op.in]: kinds }, updatedAt: { [Op.gt]: after }, [Op.and]: [shownNotificationsWhere(sequelize, now)] };
      const total = await deps.models.Notification.count({ where, transaction });
      if (total === 0) return false;
      const rows = await deps.models.Notification.findAll({ where, order: [['updatedAt', 'DESC'], ['id', 'DESC']], limit: NOTIFICATION_LIMITS.digestLines, transaction });
      const items = await presentNotifications(deps, rows);
      const user = await deps.models.User.findByPk(userId, { attributes: ['email'], transaction });
      if (!user) return false;
      const token = generateSecretToken();
      await sequelize.query('INSERT INTO notification_unsubscribe_tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)', {
        replacements: [hashSecretToken(token), userId, sqlDateTime(sequelize, now)],
        transaction,
      });
      const oneClick = `${deps.publicUrl}${UNSUBSCRIBE_API_PATH}?token=${token}`;
      const page = `${deps.publicUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${token}`;
      const lines = items.map((item) => `・${item.text}`);
      if (total > items.length) lines.push(MAIL.digestMore(total - items.length));
      const text = [MAIL.digestIntro, '', ...lines, '', MAIL.digestOpen, `${deps.publicUrl}/notifications`, '', MAIL.digestUnsubscribe, page, '', MAIL.digestFooter].join('\n');
      await enqueueMail(
        deps.models,
        'digest',
        { to: user.email, subject: MAIL.digestSubject(total), text, headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
        { transaction },
      );
      return true;
    }).catch((error: unknown) => {
      // Another worker inserted the member's row first: that worker has the member.
      if (brokenUniqueConstraint(error)) return false;
      throw error;
    });
    if (sent) queued += 1;
  }
  return queued;
}

export const DIGEST_CHECK_INTERVAL_MS = 60_000;

/**
 * Checks every minute whether the day's digest is due (20:00 Japan time) and sends it. A named lock
 * keeps two workers from walking the same members at once; the per-member claim alone already keeps
 * each digest to one.
 */
export function startDigestSchedule(deps: DigestDeps, logger: Logger, { intervalMs = DIGEST_CHECK_INTERVAL_MS }: { intervalMs?: number } = {}): PeriodicJob {
  return startPeriodicJob(async () => {
    const now = new Date();
    if (!digestDue(now)) return;
    await withNamedLock(deps.sequelize, 'notification-digest', 0, () => sendDailyDigest(deps, now))
      .then((result) => {
        if (result.acquired && result.value > 0) logger.info({ digests: result.value }, '通知のまとめメールを送信キューに入れました');
      })
      .catch((error: unknown) => logger.warn({ err: error }, '通知のまとめメールを作れませんでした（次回再試行します）'));
  }, intervalMs);
}

/**
 * The unsubscribe link: turns every kind's mail off for the token's member. No session needed; an
 * unknown token changes nothing. Answers whether the token was known.
 */
export async function unsubscribeWithToken(deps: Pick<DigestDeps, 'sequelize'>, token: string): Promise<boolean> {
  const { sequelize } = deps;
  return writeTransaction(sequelize, async (transaction) => {
    const [row] = await sequelize.query<{ user_id: number }>('SELECT user_id FROM notification_unsubscribe_tokens WHERE token_hash = ?', {
      replacements: [hashSecretToken(token)],
      type: QueryTypes.SELECT,
      transaction,
    });
    if (!row) return false;
    const userId = Number(row.user_id);
    const settings = await loadSettings(sequelize, userId, transaction);
    for (const kind of Object.keys(settings) as Array<keyof NotificationSettings>) settings[kind] = { ...settings[kind], email: false };
    await saveSettings(sequelize, userId, settings, transaction);
    return true;
  });
}
