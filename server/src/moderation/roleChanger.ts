import { isAdminRole, OPERATOR_ROLES, TEXTS, type ModerationRole } from '@hiraku/shared';
import { Op, type Transaction } from 'sequelize';
import { authorizationError, conflict, validationError } from '../errors';
import type { Models, User } from '../models';
import type { Viewer } from '../policies/viewer';
import { writeAuditLog } from '../commands/auditLogWriter';
import { lockMemberByPublicId } from './memberLock';
import type { MemberOutcome } from './memberSuspender';

/**
 * Promotes a member to operator or demotes an operator; an admin also makes or unmakes admins,
 * which nobody else may (403). As nobody changes their own role, an admin is only unmade by another admin,
 * so there is always one left once there was one. Every operator row is locked first (in id
 * order, so two demotions cannot deadlock), which makes "never the last operator" hold even when two
 * operators demote each other at the same moment: the second sees the first's change. The acting
 * operator is re-checked under that lock, as a demotion may have landed since their request began.
 */
export async function changeRole(
  models: Pick<Models, 'User' | 'AuditLog'>,
  { actor, publicId, role, reason }: { actor: NonNullable<Viewer>; publicId: string; role: ModerationRole; reason: string },
  { transaction }: { transaction: Transaction },
): Promise<MemberOutcome> {
  const operators: User[] = await models.User.findAll({
    where: { role: { [Op.in]: [...OPERATOR_ROLES] } },
    attributes: ['id', 'role'],
    order: [['id', 'ASC']],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  const acting = operators.find((operator) => operator.id === actor.id);
  if (!acting) throw authorizationError(TEXTS.common.operatorsOnly);
  const member = await lockMemberByPublicId(models, publicId, transaction);
  if ((role === 'admin' || member.role === 'admin') && !isAdminRole(acting.role)) throw authorizationError(TEXTS.moderation.adminRoleByAdminsOnly);
  if (member.role === role) return { changed: false, member };
  if (role === 'member' && operators.every((operator) => operator.id === member.id)) throw conflict(TEXTS.moderation.lastOperator);
  if (member.id === actor.id) throw validationError(TEXTS.moderation.cannotChangeOwnRole);

  const from = member.role;
  await member.update({ role }, { transaction });
  await writeAuditLog(models, { actorId: actor.id, action: 'user.role', targetType: 'user', targetId: member.publicId, reason, details: { from, to: role } }, { transaction });
  return { changed: true, member };
}
