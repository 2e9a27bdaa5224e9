import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '@hiraku/shared';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { insertRows } from '../db/insertRows';

const DEFAULT = { inApp: true, email: true } as const;

/** A member's switches per kind: every kind on until they change it. */
export async function loadSettings(sequelize: Sequelize, userId: number, transaction?: Transaction): Promise<NotificationSettings> {
  const rows = await sequelize.query<{ kind: string; in_app: number | boolean; email: number | boolean }>(
    'SELECT kind, in_app, email FROM notification_settings WHERE user_id = ?',
    { replacements: [userId], type: QueryTypes.SELECT, transaction },
  );
  const settings = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT }])) as NotificationSettings;
  for (const row of rows) {
    if ((NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) settings[row.kind as NotificationKind] = { inApp: Boolean(Number(row.in_app)), email: Boolean(Number(row.email)) };
  }
  return settings;
}

/** The switches of several members in one statement (a worker's batch, a process's open streams). */
export async function settingsOf(sequelize: Sequelize, userIds: readonly number[]): Promise<Map<number, NotificationSettings>> {
  const all = new Map<number, NotificationSettings>();
  if (userIds.length === 0) return all;
  for (const userId of userIds) all.set(userId, Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT }])) as NotificationSettings);
  const rows = await sequelize.query<{ user_id: number | string; kind: string; in_app: number | boolean; email: number | boolean }>(
    'SELECT user_id, kind, in_app, email FROM notification_settings WHERE user_id IN (?)',
    { replacements: [[...userIds]], type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    const settings = all.get(Number(row.user_id));
    if (settings && (NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) {
      settings[row.kind as NotificationKind] = { inApp: Boolean(Number(row.in_app)), email: Boolean(Number(row.email)) };
    }
  }
  return all;
}

export function kindsOn(settings: NotificationSettings, channel: 'inApp' | 'email'): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => settings[kind][channel]);
}

/** Replaces every switch of the member, in the caller's transaction. */
export async function saveSettings(sequelize: Sequelize, userId: number, settings: NotificationSettings, transaction: Transaction): Promise<void> {
  await sequelize.query('DELETE FROM notification_settings WHERE user_id = ?', { replacements: [userId], transaction });
  await insertRows(
    sequelize,
    'notification_settings',
    ['user_id', 'kind', 'in_app', 'email'],
    NOTIFICATION_KINDS.map((kind) => [userId, kind, settings[kind].inApp, settings[kind].email]),
    { transaction },
  );
}
