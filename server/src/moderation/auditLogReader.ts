import { LIMITS, type AuditAction } from '@hiraku/shared';
import { Op, type WhereOptions } from 'sequelize';
import type { AuditLog, Models } from '../models';
import { decodeIdCursor, encodeIdCursor } from './pageCursor';

/**
 * The audit log, newest first, optionally one operator's (by public id) and one action's, keyset-paged
 * by id. An unknown operator id finds nothing rather than everything.
 */
export async function loadAuditLog(
  models: Pick<Models, 'AuditLog' | 'User' | 'Profile'>,
  { actor, action, cursor, limit = LIMITS.moderationPageSize }: { actor?: string; action?: AuditAction; cursor?: string; limit?: number },
): Promise<{ entries: AuditLog[]; nextCursor: string | null }> {
  const before = decodeIdCursor(cursor);
  const where: WhereOptions<AuditLog> = {};
  if (actor !== undefined) {
    const operator = await models.User.findOne({ where: { publicId: actor }, attributes: ['id'] });
    if (!operator) return { entries: [], nextCursor: null };
    where.actorId = operator.id;
  }
  if (action !== undefined) where.action = action;
  if (before !== null) where.id = { [Op.lt]: before };
  const rows = await models.AuditLog.findAll({
    where,
    include: [
      {
        model: models.User,
        as: 'actor',
        attributes: ['id', 'publicId'],
        required: false,
        include: [{ model: models.Profile, as: 'profile', attributes: ['username'], required: false }],
      },
    ],
    order: [['id', 'DESC']],
    limit: limit + 1,
  });
  const entries = rows.slice(0, limit);
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > limit && last ? encodeIdCursor(last.id) : null };
}
