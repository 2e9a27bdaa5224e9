import { TEXTS, type ReportInput } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { notFound, validationError } from '../errors';
import type { Models } from '../models';
import { authorizeReport } from '../policies/report';
import type { Viewer } from '../policies/viewer';
import { assertNewMemberMay } from './memberStage';
import { assertReportTags, publicationState, replaceReportChildren, reportTextColumns } from './reportContent';
import type { PreparedReportImages, ReportWriteResult } from './reportImages';
import { lockReport } from './reportLoader';
import { refreshMatchTexts } from './reportMatchText';
import { enqueueReportSearchSync } from './searchOutbox';
import { assertWarningsUnchangedWhenLocked, reportWarningColumns } from './contentWarnings/reportWarnings';
import { assertAudienceAllowed } from './follows';
import { notify } from '../notifications';

type UpdaterModels = Pick<Models, 'Report' | 'ReportTool' | 'ReportStep' | 'ReportTag' | 'Tag' | 'Category' | 'User' | 'SearchOutboxEntry' | 'NotificationOutboxEntry'>;

/**
 * Saves the author's new version of a report: fields, tools, steps and tags are replaced as a whole,
 * publishing or unpublishing keeps `publishedAt` and `listed` right, and the search index is told.
 * A new image (or `removeMainImage`) makes the old files obsolete; they go after the commit.
 */
export async function updateReport(
  models: UpdaterModels,
  { viewer, reportId, input, images }: { viewer: Viewer; reportId: number; input: ReportInput; images: PreparedReportImages | null },
  { transaction }: { transaction: Transaction },
): Promise<ReportWriteResult> {
  const locked = await lockReport(models, reportId, transaction);
  if (!locked) throw notFound(TEXTS.report.notFound);
  const { report, subject } = locked;
  authorizeReport(viewer, 'update', subject);
  await assertReportTags(models, input, { transaction });
  await assertAudienceAllowed(models, { authorId: report.authorId, audience: input.audience }, { transaction });

  // An operator's locked label stays on whatever the form sends; said plainly, not ignored.
  if (report.imageSensitiveLocked && !input.imageSensitive) {
    throw validationError(TEXTS.image.sensitiveLocked, { imageSensitive: TEXTS.image.sensitiveLocked });
  }
  assertWarningsUnchangedWhenLocked(report, input);

  const obsoleteImageKeys: string[] = [];
  let mainImageKey = report.mainImageKey;
  let thumbnailKey = report.thumbnailKey;
  let imagePreviewKey = report.imagePreviewKey;
  let imageAttestedAt = report.imageAttestedAt;
  if (images || input.removeMainImage) {
    obsoleteImageKeys.push(...[report.mainImageKey, report.thumbnailKey, report.imagePreviewKey].filter((key): key is string => Boolean(key)));
    mainImageKey = images?.mainKey ?? null;
    thumbnailKey = images?.thumbnailKey ?? null;
    imagePreviewKey = images?.previewKey ?? null;
    // A new image was attested on this request (the route checks it); a removed one takes its time along.
    imageAttestedAt = images ? new Date() : null;
  }
  // A draft published now is a new report out for the day (issue 35's new-member limit).
  if (report.isDraft && !input.isDraft) await assertNewMemberMay(models, { userId: report.authorId, action: 'report' }, { transaction });
  const state = publicationState(report, { isDraft: input.isDraft, hiddenAt: report.hiddenAt, authorSuspended: subject.authorSuspended, audience: input.audience }, new Date());
  const publishing = report.isDraft && !state.isDraft;
  await report.update(
    {
      ...reportTextColumns(input),
      ...reportWarningColumns(input),
      mainImageKey,
      thumbnailKey,
      imagePreviewKey,
      imageSensitive: input.imageSensitive,
      imageAttestedAt,
      ...state,
    },
    { transaction },
  );
  await replaceReportChildren(models, report.id, input, { transaction });
  await refreshMatchTexts(models, [report.id], { transaction });
  await enqueueReportSearchSync(models, [report.id], 'upsert', { transaction });
  // A draft published now: its author's followers hear of it, once a Japan day per author.
  if (publishing) await notify(models, { kind: 'followedReport', reportId: report.id }, { transaction });
  return { obsoleteImageKeys };
}
