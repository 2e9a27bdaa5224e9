import type { Sequelize } from 'sequelize';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { Models } from '../models';
import type { SearchService } from '../search/searchService';
import { startAnalyticsMaintenance } from './analyticsMaintenance';
import { createMailOutboxWorker } from './mailOutboxWorker';
import { startOutboxRunner } from './outboxRunner';
import { wakeOnAnnouncedRows } from './outboxWake';
import { createSearchOutboxWorker, SEARCH_ROUND_GAP_MS } from './searchOutboxWorker';
import { startSuspensionSweep } from './suspensionSweep';
import { startDisclosureSweep } from './disclosureSweep';
import { createNotificationWorker, NOTIFICATION_IDLE_MS, NOTIFICATION_ROUND_GAP_MS, startDigestSchedule, type NotificationBus } from '../notifications';
import { startCaseOverdueSweep } from '../moderation';
import type { Storage } from '../storage/storage';
import type { ListeningCheck } from '../notifications/streamRegistry';

export interface BackgroundJobDeps {
  models: Models;
  sequelize: Sequelize;
  search: SearchService;
  mailer: Mailer;
  logger: Logger;
  /** Where the notification worker tells the API processes' streams. */
  bus: NotificationBus;
  storage: Pick<Storage, 'url'>;
  /** Members with an open stream (a worker process's stream registry): the notification worker tells only them. */
  listening?: ListeningCheck;
  /** PUBLIC_URL, the base of the digest's links. */
  publicUrl: string;
}

export interface BackgroundJobs {
  /** Finishes the rounds in progress, then stops every job. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Everything that runs in the background rather than in a request: the search, mail and notification
 * outboxes, the daily notification digest, the sweep that ends suspensions, the one that deletes expired
 * disclosure records, the one that tells operators of
 * overdue cases, and the analytics roll-up. Run by `npm start` (HIRAKU_ROLE=all) and by
 * worker processes (HIRAKU_ROLE=worker); any number of processes may run them at once, because outbox
 * rows are leased (outboxLease.ts) and the periodic jobs take a named lock (db/namedLock.ts).
 */
export function startBackgroundJobs(deps: BackgroundJobDeps): BackgroundJobs {
  const { logger } = deps;
  // The worker re-applies the index settings when Meilisearch returns; a down mail server delays, never loses.
  const outboxes = [
    { worker: createSearchOutboxWorker(deps), options: { minGapMs: SEARCH_ROUND_GAP_MS } },
    { worker: createMailOutboxWorker(deps) },
    { worker: createNotificationWorker(deps), options: { idleMs: NOTIFICATION_IDLE_MS, minGapMs: NOTIFICATION_ROUND_GAP_MS } },
  ].map(({ worker, options }) => ({ worker, runner: startOutboxRunner(worker, logger, options) }));
  // Rows queued by the API processes (outboxWake.ts) start a round at once.
  const stopWaking = wakeOnAnnouncedRows(deps.bus, outboxes);
  const runners = [
    ...outboxes.map(({ runner }) => runner),
    startDigestSchedule(deps, logger),
    startSuspensionSweep(deps, logger),
    startDisclosureSweep(deps, logger),
    startCaseOverdueSweep(deps, logger),
    startAnalyticsMaintenance(deps),
  ];
  let stopped: Promise<void> | undefined;
  return {
    stop: () => {
      stopWaking();
      return (stopped ??= Promise.all(runners.map((runner) => runner.stop())).then(() => undefined));
    },
  };
}
