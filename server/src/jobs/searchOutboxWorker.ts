import { applyReportsIndexSettings, deleteReportDocuments, parsePositiveId, upsertReportDocuments } from '@hiraku/search';
import { REPORT_AGGREGATE } from '../commands/searchOutbox';
import type { Logger } from '../logger';
import type { Models, SearchOutboxEntry } from '../models';
import { buildReportDocuments } from '../search/reportDocumentBuilder';
import type { SearchService } from '../search/searchService';
import { DEFAULT_BACKOFF, reportExclusivity, searchOutboxTable } from './outboxLease';
import { createOutboxWorker, type OutboxHandler, type OutboxWorker, type OutboxWorkerOptions } from './outboxWorker';

type WorkerModels = Pick<Models, 'SearchOutboxEntry' | 'Report' | 'User' | 'Profile' | 'Tag' | 'ReportTool' | 'ReportStep' | 'ReportTag' | 'Save'>;

export interface SearchOutboxWorkerDeps {
  models: WorkerModels;
  search: SearchService;
  logger: Logger;
}

export type SearchOutboxWorkerOptions = OutboxWorkerOptions<SearchOutboxEntry>;
export type SearchOutboxWorker = OutboxWorker;

export const DEFAULT_BATCH_SIZE = 100;
export const DEFAULT_LEASE_MS = 30_000;
/**
 * Woken rounds start at least this far apart, as the notification worker's do (NOTIFICATION_ROUND_GAP_MS):
 * in a process that serves requests and indexes too (HIRAKU_ROLE=all), each like and edit wakes the
 * runner at its commit, and without a gap every write had a round of its own: its claim, its documents
 * rebuilt, a Meilisearch request and its completion, beside the requests on the same cores. A report
 * reaches the index at most this much later. Measured: bench/RESULTS.md (Real traffic).
 */
export const SEARCH_ROUND_GAP_MS = 250;

/**
 * Applying the search outbox to Meilisearch (the Outline way: indexing is a queue processor, never
 * work inside the member's request). Each round collapses the rows of one report into one action that
 * makes the index match the database as it is now: the document is rebuilt and upserted if the report
 * is listed, and deleted otherwise (draft, hidden, deleted, author suspended or gone). So the row's
 * operation only says why it was written; replaying a row, or rows out of order, gives the same index.
 * Two workers never hold rows of one report at once (claimOutboxBatch), so a slower one cannot write
 * an older state over a newer one.
 */
export function searchOutboxHandler({ models, search }: Omit<SearchOutboxWorkerDeps, 'logger'>): OutboxHandler<SearchOutboxEntry> {
  // Not known at first: boot may have found Meilisearch down. Checked before the first round and again
  // after every outage, so an engine that comes back (maybe empty) gets its Japanese settings first.
  let settingsApplied = false;

  async function applyReports(reportIds: readonly number[]): Promise<void> {
    const documents = await buildReportDocuments(models, reportIds);
    const listed = new Set(documents.map((document) => document.id));
    await upsertReportDocuments(search.client, search.reportsIndexUid, documents);
    await deleteReportDocuments(search.client, search.reportsIndexUid, reportIds.filter((id) => !listed.has(id)));
  }

  /** The report id of a row, or why the row cannot be applied (kept and retried, never dropped). */
  function reportIdOf(entry: SearchOutboxEntry): number | Error {
    if (entry.aggregateType !== REPORT_AGGREGATE) return new Error(`unknown aggregate type ${JSON.stringify(entry.aggregateType)}`);
    try {
      return parsePositiveId('aggregateId', entry.aggregateId);
    } catch (error) {
      return error as Error;
    }
  }

  const table = searchOutboxTable(models);
  return {
    name: 'search outbox',
    table,
    wakeOn: models.SearchOutboxEntry,
    exclusivity: reportExclusivity(models),
    defaults: { batchSize: DEFAULT_BATCH_SIZE, leaseMs: DEFAULT_LEASE_MS, backoff: DEFAULT_BACKOFF },
    messages: { failing: '検索インデックスへの反映に失敗しました（あとで再試行します）', recovered: '検索インデックスへの反映が回復しました' },
    async prepare() {
      if (settingsApplied) return false;
      await applyReportsIndexSettings(search.client, search.reportsIndexUid);
      settingsApplied = true;
      return true;
    },
    async handle(entries, outcome) {
      const byReport = new Map<number, SearchOutboxEntry[]>();
      for (const entry of entries) {
        const id = reportIdOf(entry);
        if (id instanceof Error) await outcome.failed([entry], id);
        else byReport.set(id, [...(byReport.get(id) ?? []), entry]);
      }
      const succeeded: SearchOutboxEntry[] = [];
      try {
        await applyReports([...byReport.keys()]);
        succeeded.push(...[...byReport.values()].flat());
      } catch (batchError) {
        if (byReport.size > 1 && (await search.health()) === 'ok') {
          // Meilisearch answers, so something in the batch is refused: apply report by report, so one bad
          // document does not hold back the others.
          for (const [id, group] of byReport) {
            try {
              await applyReports([id]);
              succeeded.push(...group);
            } catch (error) {
              await outcome.failed(group, error);
            }
          }
        } else {
          if ((await search.health()) !== 'ok') settingsApplied = false;
          await outcome.failed([...byReport.values()].flat(), batchError);
        }
      }
      await outcome.done(succeeded);
    },
  };
}

/** A worker of the search outbox (several may run, in several processes: rows are leased). */
export function createSearchOutboxWorker(deps: SearchOutboxWorkerDeps, options: SearchOutboxWorkerOptions = {}): SearchOutboxWorker {
  return createOutboxWorker(searchOutboxHandler(deps), deps.logger, options);
}
