import type { Sequelize } from 'sequelize';
import { maintainAnalytics } from '../commands/analytics';
import type { Logger } from '../logger';
import type { Models } from '../models';

export const ANALYTICS_MAINTENANCE_INTERVAL_MS = 15 * 60_000;

/**
 * Rolls up daily analytics totals and prunes raw events older than 90 days, at start and then every
 * interval. Several processes may run it: each round rewrites the same totals (commands/analytics.ts).
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
      const { pruned } = await maintainAnalytics(deps);
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
