import { TEXTS } from '@hiraku/shared';
import type { Sequelize, Transaction } from 'sequelize';
import { authorizationError, notFound } from '../errors';
import { loadRelationTo, type RelationTo } from '../visibility';
import type { Viewer } from './viewer';

/**
 * Blocks on the way to another member's report, comments or likes. The blocked member gets
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
  authorizeRelation(viewer, otherId, await loadRelationTo(sequelize, viewer.id, otherId, new Date(), options), notFoundMessage);
}

/** authorizeBetween for a relation already read (relationColumnsSql inside the caller's own statement). */
export function authorizeRelation(viewer: NonNullable<Viewer>, otherId: number, relation: RelationTo, notFoundMessage: string): void {
  if (viewer.id === otherId) return;
  if (relation.blockedBy) throw notFound(notFoundMessage);
  if (relation.blocking) throw authorizationError(TEXTS.safety.youBlockedThem);
}
