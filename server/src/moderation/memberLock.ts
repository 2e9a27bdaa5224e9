import { TEXTS } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { notFound } from '../errors';
import type { Models, User } from '../models';

/** The member with `publicId`, locked for the rest of `transaction`, or a 404. */
export async function lockMemberByPublicId(models: Pick<Models, 'User'>, publicId: string, transaction: Transaction): Promise<User> {
  const member = await models.User.findOne({ where: { publicId }, transaction, lock: transaction.LOCK.UPDATE });
  if (!member) throw notFound(TEXTS.profile.memberNotFound);
  return member;
}
