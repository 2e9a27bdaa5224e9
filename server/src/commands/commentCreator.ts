import { TEXTS, type CommentInput } from '@hiraku/shared';
import type { Sequelize, Transaction } from 'sequelize';
import { notFound } from '../errors';
import type { Comment, Models } from '../models';
import { authorizeReport } from '../policies/report';
import { authorizeBetween } from '../policies/relations';
import type { Viewer } from '../policies/viewer';
import { requireProfile } from './reportContent';
import { lockReport } from './reportLoader';
import { recountReports } from '../visibility';
import { notify } from '../notifications';

/**
 * Posts a comment on a published, visible report. The member needs a profile (a comment shows a name).
 * The report row is locked first so comment_count is recomputed one writer at a time. Answers the
 * author's name and icon too, read for the profile check, so the new comment can be shown without
 * loading it again.
 */
export async function createComment(
  deps: { models: Pick<Models, 'Report' | 'User' | 'Profile' | 'Comment' | 'NotificationOutboxEntry'>; sequelize: Sequelize },
  { viewer, input }: { viewer: NonNullable<Viewer>; input: CommentInput },
  { transaction }: { transaction: Transaction },
): Promise<{ comment: Comment; authorProfile: { username: string; iconKey: string | null } }> {
  const locked = await lockReport(deps.models, input.articleId, transaction);
  if (!locked) throw notFound(TEXTS.report.notFound);
  authorizeReport(viewer, 'comment', locked.subject);
  await authorizeBetween(deps.sequelize, viewer, locked.subject.authorId, TEXTS.report.notFound, { transaction });
  const authorProfile = await requireProfile(deps.models, viewer.id, { transaction });
  const comment = await deps.models.Comment.create({ reportId: input.articleId, authorId: viewer.id, text: input.text }, { transaction });
  await recountReports(deps.sequelize, [input.articleId], { transaction });
  // One row; the report's author is notified after the commit (notifications/fanOut.ts).
  await notify(deps.models, { kind: 'comment', commentId: comment.id }, { transaction });
  return { comment, authorProfile };
}
