import type { ReportInput } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import type { Models, Report } from '../models';
import { assertHasProfile, assertReportTags, insertReportChildren, publicationState, reportTextColumns } from './reportContent';
import type { PreparedReportImages, ReportWriteResult } from './reportImages';
import { refreshMatchTexts } from './reportMatchText';
import { enqueueReportSearchSync } from './searchOutbox';
import { reportWarningColumns } from './contentWarnings/reportWarnings';
import { assertAudienceAllowed } from './follows';
import { assertNewMemberMay } from './memberStage';
import { notify } from '../notifications';

type CreatorModels = Pick<Models, 'Report' | 'ReportTool' | 'ReportStep' | 'ReportTag' | 'Tag' | 'Category' | 'Profile' | 'User' | 'SearchOutboxEntry' | 'NotificationOutboxEntry'>;

/**
 * Creates a member's report (a draft or published) with its tools, steps and tags, and queues it for
 * the search index in the same transaction. Pair with runReportWrite, which stores `images`.
 */
export async function createReport(
  models: CreatorModels,
  { authorId, input, images }: { authorId: number; input: ReportInput; images: PreparedReportImages | null },
  { transaction }: { transaction: Transaction },
): Promise<ReportWriteResult & { report: Report }> {
  await assertHasProfile(models, authorId, { transaction });
  await assertReportTags(models, input, { transaction });
  await assertAudienceAllowed(models, { authorId: authorId, audience: input.audience }, { transaction });
  // Before anything is written: a new member past the day's reports is refused.
  if (!input.isDraft) await assertNewMemberMay(models, { userId: authorId, action: 'report' }, { transaction });
  const author = await models.User.findByPk(authorId, { attributes: ['id', 'suspendedAt'], transaction });
  const state = publicationState(null, { isDraft: input.isDraft, hiddenAt: null, authorSuspended: Boolean(author?.suspendedAt), audience: input.audience }, new Date());
  const report = await models.Report.create(
    {
      authorId,
      ...reportTextColumns(input),
      ...reportWarningColumns(input),
      mainImageKey: images?.mainKey ?? null,
      thumbnailKey: images?.thumbnailKey ?? null,
      imagePreviewKey: images?.previewKey ?? null,
      imageSensitive: input.imageSensitive,
      // The route refused an image without both attestations (assertImageAttested): given now.
      imageAttestedAt: images ? new Date() : null,
      ...state,
    },
    { transaction },
  );
  await insertReportChildren(models, report.id, input, { transaction });
  await refreshMatchTexts(models, [report.id], { transaction });
  await enqueueReportSearchSync(models, [report.id], 'upsert', { transaction });
  // Its author's followers hear of it; the worker reads it again, so a hidden report tells no one.
  if (!state.isDraft) await notify(models, { kind: 'followedReport', reportId: report.id }, { transaction });
  return { report, obsoleteImageKeys: [] };
}
