import type { Sequelize } from 'sequelize';
import { deleteExpiredDisclosureRecords } from '../commands/disclosureRecords';
import { withNamedLock } from '../db/namedLock';
import type { Logger } from '../logger';
import type { Models } from '../models';
import { startPeriodicJob, type PeriodicJob } from './periodicJob';

/** Hourly is plenty: the promise is "about six months", and each round deletes at most an hour's records. */
export const DISCLOSURE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes the disclosure records older than LIMITS.disclosureRetentionMonths, as the privacy
 * policy says. One process at a time across workers (named lock); a failed round is retried next time.
 */
export function startDisclosureSweep(
  deps: { models: Models; sequelize: Sequelize },
  logger: Logger,
  { intervalMs = DISCLOSURE_SWEEP_INTERVAL_MS }: { intervalMs?: number } = {},
): PeriodicJob {
  return startPeriodicJob(
    () =>
      withNamedLock(deps.sequelize, 'disclosure-sweep', 0, () => deleteExpiredDisclosureRecords(deps.models))
        .then((result) => {
          if (result.acquired && result.value > 0) logger.info({ deleted: result.value }, '保存期間を過ぎた発信者情報の記録を削除しました');
        })
        .catch((error: unknown) => logger.warn({ err: error }, '発信者情報の記録の削除に失敗しました（次回再試行します）')),
    intervalMs,
  );
}
