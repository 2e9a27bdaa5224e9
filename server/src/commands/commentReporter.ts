import type { Sequelize, Transaction } from 'sequelize';
import type { Models } from '../models';
import type { Viewer } from '../policies/viewer';
import { authorizeComment } from '../policies/comment';
import { authorizeReport } from '../policies/report';
import { lockCommentWithReport } from './commentLoader';
import { flagTarget } from '../moderation';

export interface CommentReportOutcome {
  /** False when this member had already reported the comment: nothing changed. */
  recorded: boolean;
  /** True when this report was the one that hid the comment. */
  hidden: boolean;
}

/**
 * POST /api/comments/{id}/report, as it was before flags: a flag on the comment under
 * `other` with the reason as its note. Once per member (docs/decisions.md): a second report changes
 * nothing, not even the note. Hiding follows the flags' rule (LIMITS.flaggersToHide members for `other`).
 */
export async function reportComment(
  deps: { models: Models; sequelize: Sequelize },
  { viewer, commentId, reason = null }: { viewer: NonNullable<Viewer>; commentId: number; reason?: string | null },
  { transaction }: { transaction: Transaction },
): Promise<CommentReportOutcome> {
  // The comment's own answers first (its "own comment" text), then the flag's rules.
  const { commentSubject, reportSubject } = await lockCommentWithReport(deps.models, commentId, transaction);
  authorizeReport(viewer, 'read', reportSubject);
  authorizeComment(viewer, 'report', commentSubject);
  const outcome = await flagTarget(deps, { viewer, targetType: 'comment', targetId: commentId, category: 'other', note: reason, keepExisting: true }, { transaction });
  return { recorded: !outcome.updated, hidden: outcome.hidden };
}
