import type { Models } from '../models';
import type { Logger } from '../logger';
import { startOutboxRunner, type OutboxRunner } from './outboxRunner';
import type { SearchOutboxWorker } from './searchOutboxWorker';

export type SearchSyncRunner = OutboxRunner;

export interface SearchSyncRunnerOptions {
  /** Pause between rounds when there is nothing to do. */
  idleMs?: number;
  /** Rows written through these models wake the runner once their transaction commits. */
  models?: Pick<Models, 'SearchOutboxEntry'>;
}

/** Keeps Meilisearch in step with the database in the background (see startOutboxRunner). */
export function startSearchSync(worker: SearchOutboxWorker, logger: Logger, options: SearchSyncRunnerOptions = {}): SearchSyncRunner {
  return startOutboxRunner(worker, logger, { idleMs: options.idleMs, wakeOn: options.models?.SearchOutboxEntry, name: 'search outbox' });
}
