import type { Sequelize, Transaction } from 'sequelize';
import type { Logger } from '../logger';
import type { Models, ModerationCase } from '../models';
import type { Storage } from '../storage/storage';
import { destroyReport } from '../commands/reportDeleter';
import { removeStoredImages } from '../commands/reportImages';
import { setCommentDeleted, type LockedTarget } from './caseTargets';

/** Where a report's image files are; only a decision on a report needs them. */
export type ImageFiles = { storage: Storage; logger: Logger };

/** How much of a comment names it once its text is erased (as the author's decision page shows it). */
const COMMENT_EXCERPT_CHARS = 40;

/**
 * 削除 by a decision: the content goes for good, its author included, and no appeal brings
 * it back. A report's row goes (its steps, tags, likes and comments cascade), its search document is
 * queued for removal and its image files are removed once the decision commits; a comment's row stays
 * (deleted) for the case's record but its text is erased. The case keeps the title or the comment's first
 * words, to name the decision to its author and to operators afterwards.
 */
export async function removeForGood(
  deps: { models: Models; sequelize: Sequelize; files?: ImageFiles },
  { decided, target, now }: { decided: ModerationCase; target: Extract<LockedTarget, { type: 'report' | 'comment' }>; now: Date },
  { transaction }: { transaction: Transaction },
): Promise<void> {
  if (target.type === 'report') {
    const { files } = deps;
    // A programming error, not the operator's: a route deciding cases must hand over the image files.
    if (!files) throw new Error('removing a report for good needs its image storage');
    await decided.update({ removedTitle: target.report.title, contentRemovedAt: now }, { transaction });
    const { obsoleteImageKeys } = await destroyReport(deps.models, target.report, { transaction });
    transaction.afterCommit(() => removeStoredImages(files, obsoleteImageKeys));
    return;
  }
  await decided.update({ removedTitle: Array.from(target.comment.text).slice(0, COMMENT_EXCERPT_CHARS).join(''), contentRemovedAt: now }, { transaction });
  await setCommentDeleted(deps, target, true, now, { transaction });
  await target.comment.update({ text: '' }, { transaction, silent: true });
}
