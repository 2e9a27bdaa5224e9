import { Op, type Sequelize, type Transaction } from 'sequelize';
import { withNamedLock } from '../db/namedLock';
import { writeTransaction } from '../db/transaction';
import { startPeriodicJob, type PeriodicJob } from '../jobs/periodicJob';
import type { Logger } from '../logger';
import type { Models, ModerationCase } from '../models';
import { notify } from '../notifications/events';

/** How often the worker looks for cases that passed their due time (the badge is told within this). */
export const CASE_OVERDUE_SWEEP_MS = 30_000;
/** Cases told per sweep round at most; the rest wait for the next. */
const OVERDUE_BATCH = 200;

/**
 * What the case queue tells operators' open streams (the desktop app's badge and native notification),
 * through the notification outbox like every notification: queued in the transaction that changes the
 * case, told after its commit to every API process by whichever worker claims the row.
 */
export async function caseChanged(
  models: Pick<Models, 'NotificationOutboxEntry'>,
  changed: Pick<ModerationCase, 'id'>,
  change: 'opened' | 'escalated' | 'closed',
  { transaction }: { transaction: Transaction },
): Promise<void> {
  await notify(models, { kind: 'case', caseId: changed.id, change }, { transaction });
}

/**
 * Open cases whose due time has come and that were not told yet: each marked told (`overdue_told_at`)
 * and queued in one transaction, by an UPDATE that only takes a case still unmarked, so a case is told
 * once however many workers sweep at the same moment. Answers how many were told.
 */
export async function tellOverdueCases(deps: { models: Models; sequelize: Sequelize }, now = new Date()): Promise<number> {
  const { ModerationCase } = deps.models;
  const due = await ModerationCase.findAll({
    attributes: ['id'],
    where: { status: 'open', overdueToldAt: { [Op.is]: null }, dueAt: { [Op.lte]: now } },
    order: [['dueAt', 'ASC']],
    limit: OVERDUE_BATCH,
  });
  if (due.length === 0) return 0;
  return writeTransaction(deps.sequelize, async (transaction) => {
    let told = 0;
    for (const { id } of due) {
      const [changed] = await ModerationCase.update(
        { overdueToldAt: now },
        { where: { id, status: 'open', overdueToldAt: { [Op.is]: null }, dueAt: { [Op.lte]: now } }, transaction },
      );
      if (changed !== 1) continue;
      await notify(deps.models, { kind: 'case', caseId: id, change: 'overdue' }, { transaction });
      told += 1;
    }
    return told;
  });
}

/** The worker's timer for overdue cases: one sweep at a time across processes (a named lock), every `intervalMs`. */
export function startCaseOverdueSweep(deps: { models: Models; sequelize: Sequelize }, logger: Logger, { intervalMs = CASE_OVERDUE_SWEEP_MS }: { intervalMs?: number } = {}): PeriodicJob {
  return startPeriodicJob(
    () =>
      withNamedLock(deps.sequelize, 'case-overdue-sweep', 0, () => tellOverdueCases(deps))
        .then(() => undefined)
        .catch((error: unknown) => logger.warn({ err: error }, '期限切れの通報を運営者に知らせられませんでした（次回再試行します）')),
    intervalMs,
  );
}
