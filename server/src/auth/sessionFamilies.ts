import { Op, type Sequelize } from 'sequelize';
import type { AccountSession } from '@hiraku/shared';
import type { Models } from '../models';
import { sqlDateTime } from '../db/connection';
import { deviceLabel, deviceName, readUserAgent } from './userAgent';

const USER_AGENT_MAX = 512;

/**
 * Records a login's family for the sessions list. True when the member has signed in before, but never
 * with this browser and system: the caller then mails them (a first login ever is no news to anyone).
 */
export async function recordSignIn(
  models: Models,
  { userId, familyId, userAgent, now, strongProofAt = null }: { userId: number; familyId: string; userAgent: string; now: Date; strongProofAt?: Date | null },
): Promise<boolean> {
  const label = deviceLabel(readUserAgent(userAgent));
  const [earlier, sameBrowser] = await Promise.all([
    models.SessionFamily.count({ where: { userId } }),
    models.SessionFamily.count({ where: { userId, deviceLabel: label } }),
  ]);
  await models.SessionFamily.create({ userId, familyId, userAgent: userAgent.slice(0, USER_AGENT_MAX), deviceLabel: label, createdAt: now, lastUsedAt: now, strongProofAt });
  return earlier > 0 && sameBrowser === 0;
}

/** A rotation is the session being used: "last used" moves (at most every access-token lifetime). */
export async function touchFamily(models: Models, familyId: string, now: Date): Promise<void> {
  await models.SessionFamily.update({ lastUsedAt: now }, { where: { familyId } });
}

/** The families of the member still alive (not revoked, not ended), newest use first. */
export async function liveSessionFamilies(models: Models, userId: number, now = new Date()) {
  const sequelize = models.SessionFamily.sequelize as Sequelize;
  return models.SessionFamily.findAll({
    where: {
      userId,
      [Op.and]: sequelize.literal(
        `EXISTS (SELECT 1 FROM refresh_tokens rt WHERE rt.family_id = \`SessionFamily\`.family_id AND rt.user_id = ${sequelize.escape(userId)}
            AND rt.revoked_at IS NULL AND rt.family_expires_at > ${sequelize.escape(sqlDateTime(sequelize, now))})`,
      ),
    },
    order: [['lastUsedAt', 'DESC'], ['id', 'DESC']],
  });
}

export async function listSessions(models: Models, userId: number, currentFamilyId: string | null, now = new Date()): Promise<AccountSession[]> {
  const families = await liveSessionFamilies(models, userId, now);
  return families.map((family) => {
    const reading = readUserAgent(family.userAgent);
    return {
      id: String(family.id),
      label: deviceName(reading),
      desktopApp: reading.browser === 'desktopApp',
      startedAt: family.createdAt.toISOString(),
      lastUsedAt: family.lastUsedAt.toISOString(),
      current: family.familyId === currentFamilyId,
    };
  });
}
