import type { Sequelize } from 'sequelize';
import { maintainAnalytics } from '../commands/analytics';
import { withNamedLock } from '../db/namedLock';
import type { Logger } from '../logger';
import type { Models } from '../models';

export const ANALYTICS_MAINTENANCE_INTERVAL_MS = 15 * 60_000;

/**
 * Rolls up daily analytics totals and prunes raw events older than 90 days, at start and then every
 * interval. Each round rewrites the same totals (commands/analytics.ts), so it is safe anywhere; a named
 * lock keeps several worker processes from doing the same round at the same time.
 */
export function startAnalyticsMaintenance(
  deps: { models: Models; sequelize: Sequelize; logger: Logger },
  { intervalMs = ANALYTICS_MAINTENANCE_INTERVAL_MS }: { intervalMs?: number } = {},
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const round = async () => {
    try {
      const result = await withNamedLock(deps.sequelize, 'analytics-maintenance', 0, () => maintainAnalytics(deps));
      const pruned = result.acquired ? result.value.pruned : 0;
      if (pruned > 0) deps.logger.info({ pruned }, '保存期間を過ぎたアクセス記録を削除しました');
    } catch (error) {
      deps.logger.warn({ err: error }, 'analytics maintenance failed (retried next round)');
    }
    if (!stopped) timer = setTimeout(() => (running = round()), intervalMs);
  };
  running = round();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
