import { contentWarningKeys, contentWarningMask, TEXTS, type ContentWarningKey } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { notFound } from '../../errors';
import type { Models, Report } from '../../models';
import { notify } from '../../notifications';
import type { Viewer } from '../../policies/viewer';
import { writeAuditLog } from '../auditLogWriter';
import { lockReport } from '../reportLoader';
import { enqueueReportSearchSync } from '../searchOutbox';

export interface WarningModerationOutcome {
  /** False when the report already had these labels and lock: nothing changed, no audit row, nobody told. */
  changed: boolean;
  report: Report;
}

/**
 * An operator sets a report's content warnings (adding or removing any) and their lock, from
 * the case queue. A locked set cannot be changed by the author (reportUpdater.ts refuses it). The labels
 * decide which members' lists the report is in and are filtered on in the search index, so the search
 * outbox row goes with the change; the audit row, and the author's notification (every decision about
 * their content is told, docs/decisions.md), too. Idempotent like the other operator actions. Drafts
 * are their author's alone and answer 404, as for hiding.
 */
export async function setReportWarnings(
  models: Pick<Models, 'Report' | 'User' | 'AuditLog' | 'SearchOutboxEntry' | 'NotificationOutboxEntry'>,
  {
    actor,
    reportId,
    warnings,
    warningOther,
    locked,
    reason,
  }: { actor: NonNullable<Viewer>; reportId: number; warnings: readonly ContentWarningKey[]; warningOther: string | null; locked: boolean; reason: string },
  { transaction }: { transaction: Transaction },
): Promise<WarningModerationOutcome> {
  const found = await lockReport(models, reportId, transaction);
  if (!found || found.report.isDraft) throw notFound(TEXTS.report.notFound);
  const { report } = found;
  const warningMask = contentWarningMask(warnings);
  const before = { warnings: contentWarningKeys(report.warningMask), warningOther: report.warningOther, locked: report.warningsLocked };
  if (report.warningMask === warningMask && report.warningOther === warningOther && report.warningsLocked === locked) return { changed: false, report };
  // silent: updated_at is the author's last edit, and an operator edited nothing of theirs.
  await report.update({ warningMask, warningOther, warningsLocked: locked }, { transaction, silent: true });
  await enqueueReportSearchSync(models, [report.id], 'upsert', { transaction });
  await writeAuditLog(
    models,
    {
      actorId: actor.id,
      action: 'report.content_warnings',
      targetType: 'report',
      targetId: report.id,
      reason,
      details: { title: report.title, before, after: { warnings: contentWarningKeys(warningMask), warningOther, locked } },
    },
    { transaction },
  );
  await notify(models, { kind: 'decision', userId: report.authorId, action: 'contentWarnings', target: 'report', reportId: report.id }, { transaction });
  return { changed: true, report };
}
