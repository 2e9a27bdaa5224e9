import { TEXTS } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { notFound } from '../errors';
import type { Models, Report } from '../models';
import type { Viewer } from '../policies/viewer';
import { writeAuditLog } from '../commands/auditLogWriter';
import { lockReport } from '../commands/reportLoader';

export interface ImageLabelOutcome {
  /** False when the report already had this label and lock: nothing changed, no audit row. */
  changed: boolean;
  report: Report;
}

/**
 * An operator sets a report's センシティブな画像 label and its lock. A locked label cannot be
 * removed by the author (reportUpdater.ts refuses it). The label changes only how the image reaches each
 * viewer, never whether the report is listed, so no search outbox row is needed. Idempotent like the
 * other operator actions: the same state again is `changed: false` with no audit row. Drafts are their
 * author's alone and answer 404, as for hiding.
 */
export async function setImageLabel(
  models: Pick<Models, 'Report' | 'User' | 'AuditLog'>,
  { actor, reportId, sensitive, locked, reason }: { actor: NonNullable<Viewer>; reportId: number; sensitive: boolean; locked: boolean; reason: string },
  { transaction }: { transaction: Transaction },
): Promise<ImageLabelOutcome> {
  const found = await lockReport(models, reportId, transaction);
  if (!found || found.report.isDraft) throw notFound(TEXTS.report.notFound);
  const { report } = found;
  const before = { sensitive: report.imageSensitive, locked: report.imageSensitiveLocked };
  if (before.sensitive === sensitive && before.locked === locked) return { changed: false, report };
  // silent: updated_at is the author's last edit, and an operator edited nothing of theirs.
  await report.update({ imageSensitive: sensitive, imageSensitiveLocked: locked }, { transaction, silent: true });
  await writeAuditLog(
    models,
    {
      actorId: actor.id,
      action: 'report.image_label',
      targetType: 'report',
      targetId: report.id,
      reason,
      details: { title: report.title, before, after: { sensitive, locked } },
    },
    { transaction },
  );
  return { changed: true, report };
}
