import type { Sequelize } from 'sequelize';
import { endDueSuspensions } from '../moderation';
import { withNamedLock } from '../db/namedLock';
import type { Logger } from '../logger';
import type { Models } from '../models';
import { startPeriodicJob, type PeriodicJob } from './periodicJob';

export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

export type SuspensionSweep = PeriodicJob;

/**
 * Lifts suspensions whose end has come, every `intervalMs`. A member whose suspension ended can log in
 * at once (login lifts it too); this brings their content back for everyone else even if they never do.
 */
export function startSuspensionSweep(
  deps: { models: Models; sequelize: Sequelize },
  logger: Logger,
  { intervalMs = DEFAULT_SWEEP_INTERVAL_MS }: { intervalMs?: number } = {},
): SuspensionSweep {
  // One sweep at a time across processes: a process that finds the lock held skips this round.
  return startPeriodicJob(
    () =>
      withNamedLock(deps.sequelize, 'suspension-sweep', 0, () => endDueSuspensions(deps))
        .then((result) => {
          if (result.acquired && result.value > 0) logger.info({ lifted: result.value }, '期間が終わった利用停止を解除しました');
        })
        .catch((error: unknown) => logger.warn({ err: error }, '利用停止の期間終了処理に失敗しました（次回再試行します）')),
    intervalMs,
  );
}
