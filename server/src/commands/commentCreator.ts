import { TEXTS, type CommentInput } from '@hiraku/shared';
import type { Sequelize, Transaction } from 'sequelize';
import { notFound } from '../errors';
import type { Comment, Models } from '../models';
import { authorizeReport } from '../policies/report';
import { authorizeRelation } from '../policies/relations';
import type { Viewer } from '../policies/viewer';
import { assertNewMemberMay } from './memberStage';
import { profileRequired } from './reportContent';
import { lockReportForMember } from './reportLoader';
import { adjustCommentCount } from '../visibility';
import { notify } from '../notifications';

/**
 * Posts a comment on a published, visible report. The member needs a profile (a comment shows a name).
 * The report row is locked first, read with its author's state, the relation between the two members
 * and the member's own profile in one statement, so comment_count moves one writer at a time. Answers
 * the author's name and icon too, so the new comment can be shown without loading it again.
 */
export async function createComment(
  deps: { models: Pick<Models, 'Comment' | 'NotificationOutboxEntry' | 'User'>; sequelize: Sequelize },
  { viewer, input }: { viewer: NonNullable<Viewer> & { newStageUntil?: Date | null }; input: CommentInput },
  { transaction }: { transaction: Transaction },
): Promise<{ comment: Comment; authorProfile: { username: string; iconKey: string | null } }> {
  const locked = await lockReportForMember(deps.sequelize, input.articleId, viewer.id, { transaction, viewerProfile: true });
  if (!locked) throw notFound(TEXTS.report.notFound);
  authorizeReport(viewer, 'comment', locked.subject);
  authorizeRelation(viewer, locked.subject.authorId, locked.relation, TEXTS.report.notFound);
  const authorProfile = locked.viewerProfile;
  if (!authorProfile) throw profileRequired();
  await assertNewMemberMay(deps.models, { userId: viewer.id, action: 'comment', stageUntil: viewer.newStageUntil }, { transaction });
  const comment = await deps.models.Comment.create({ reportId: input.articleId, authorId: viewer.id, text: input.text }, { transaction });
  // A new comment is shown (not hidden, not deleted, by a member who is not suspended): it counts.
  await adjustCommentCount(deps.sequelize, input.articleId, 1, { transaction });
  // The report's author is told after the commit, like every other notification: nothing if this rolls back.
  await notify(deps.models, { kind: 'comment', commentId: comment.id }, { transaction });
  return { comment, authorProfile };
}
