import type { WhereOptions } from 'sequelize';
import type { Flag, Models } from '../../src/models';

/**
 * Flags on a comment (what were its "reports" before issue 18), optionally only one member's or only
 * the open ones: for the tests written against comment reports, which keep their assertions.
 */
export function commentFlagCount(models: Pick<Models, 'Flag' | 'ModerationCase'>, commentId: number, where: WhereOptions<Flag> = {}): Promise<number> {
  return models.Flag.count({ where, include: [{ model: models.ModerationCase, as: 'case', attributes: [], where: { type: 'comment', targetId: commentId } }] });
}
