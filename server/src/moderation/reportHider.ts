import { TEXTS } from '@hiraku/shared';
import type { Sequelize, Transaction } from 'sequelize';
import { notFound } from '../errors';
import type { Models, Report } from '../models';
import type { Viewer } from '../policies/viewer';
import { refreshListed } from '../visibility';
import { writeAuditLog } from '../commands/auditLogWriter';
import { lockReport } from '../commands/reportLoader';
import { enqueueReportSearchSync } from '../commands/searchOutbox';
import { setReportImageBlocked } from '../commands/reuploadGuard';
import { notify } from '../notifications';

export interface ReportHideOutcome {
  /** False when the report was already in the asked-for state: nothing changed, no audit row. */
  changed: boolean;
  report: Report;
}

/**
 * An operator hides (`hidden: true`) or shows again a play report. Hidden, it leaves every list, search,
 * and the author's public profile for everyone but its author and operators (the visibility module),
 * and comes back exactly when shown again: nothing else about the report changes. The `listed` column,
 * the search outbox row and the audit row are written in the transaction of the change. Drafts are their
 * author's alone, operators included out, so hiding one answers 404 like reading it.
 */
export async function setReportHidden(
  deps: { models: Pick<Models, 'Report' | 'User' | 'SearchOutboxEntry' | 'AuditLog' | 'NotificationOutboxEntry' | 'ImageFingerprint'>; sequelize: Sequelize },
  { actor, reportId, hidden, reason, now = new Date() }: { actor: NonNullable<Viewer>; reportId: number; hidden: boolean; reason: string; now?: Date },
  { transaction }: { transaction: Transaction },
): Promise<ReportHideOutcome> {
  const locked = await lockReport(deps.models, reportId, transaction);
  if (!locked || locked.report.isDraft) throw notFound(TEXTS.report.notFound);
  const { report } = locked;
  if ((report.hiddenAt !== null) === hidden) return { changed: false, report };

  await applyReportHidden(deps, report, hidden, now, { transaction });
  // Issue 38: while an operator keeps it hidden, its image cannot be uploaded again.
  await setReportImageBlocked(deps.models, report, { blocked: hidden, now }, { transaction });
  await writeAuditLog(
    deps.models,
    { actorId: actor.id, action: hidden ? 'report.hide' : 'report.unhide', targetType: 'report', targetId: report.id, reason, details: { title: report.title } },
    { transaction },
  );
  // The author is told every decision against their content (docs/decisions.md).
  await notify(deps.models, { kind: 'decision', userId: report.authorId, action: hidden ? 'hide' : 'unhide', target: 'report', reportId: report.id }, { transaction });
  await report.reload({ transaction });
  return { changed: true, report };
}

/**
 * Hides or shows `report` (locked by the caller) for everyone but its author and operators, with its
 * `listed` column and search outbox row, and no audit row: for the callers that write their own (an
 * operator's decision on a case, flags hiding a target pending review).
 */
export async function applyReportHidden(
  deps: { models: Pick<Models, 'SearchOutboxEntry'>; sequelize: Sequelize },
  report: Report,
  hidden: boolean,
  now: Date,
  { transaction }: { transaction: Transaction },
): Promise<void> {
  // silent: updated_at is the author's last edit, and an operator edited nothing.
  await report.update({ hiddenAt: hidden ? now : null }, { transaction, silent: true });
  await refreshListed(deps.sequelize, [report.id], { transaction });
  await enqueueReportSearchSync(deps.models, [report.id], 'upsert', { transaction });
}
