import { TEXTS } from '@hiraku/shared';
import type { Sequelize, Transaction } from 'sequelize';
import { authorizationError, notFound } from '../errors';
import { loadRelationTo } from '../visibility';
import type { Viewer } from './viewer';

/**
 * Blocks on the way to another member's report, comments or likes (issue 19). The blocked member gets
 * exactly the 404 of a thing that does not exist (`notFoundMessage`), so nothing tells them; the blocker,
 * who knows, is told why. Operators are bound like everyone else: a block is between two members.
 */
export async function authorizeBetween(
  sequelize: Sequelize,
  viewer: NonNullable<Viewer>,
  otherId: number,
  notFoundMessage: string,
  options: { transaction?: Transaction } = {},
): Promise<void> {
  if (viewer.id === otherId) return;
  const relation = await loadRelationTo(sequelize, viewer.id, otherId, new Date(), options);
  if (relation.blockedBy) throw notFound(notFoundMessage);
  if (relation.blocking) throw authorizationError(TEXTS.safety.youBlockedThem);
}
