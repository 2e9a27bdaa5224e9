import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { applyReportsIndexSettings, deleteReportDocuments, parsePositiveId, upsertReportDocuments } from '@hiraku/search';
import { REPORT_AGGREGATE } from '../commands/searchOutbox';
import type { Logger } from '../logger';
import type { Models, SearchOutboxEntry } from '../models';
import { buildReportDocuments } from '../search/reportDocumentBuilder';
import type { SearchService } from '../search/searchService';
import { claimOutboxBatch, completeEntries, DEFAULT_BACKOFF, extendLease, failEntries, searchOutboxTable, type BackoffPolicy } from './outboxLease';

type WorkerModels = Pick<Models, 'SearchOutboxEntry' | 'Report' | 'User' | 'Profile' | 'Tag' | 'ReportTool' | 'ReportStep' | 'ReportTag'>;

export interface SearchOutboxWorkerDeps {
  models: WorkerModels;
  search: SearchService;
  logger: Logger;
}

export interface SearchOutboxWorkerOptions {
  /** Stored in locked_by; unique per worker (host, pid and a random part by default). */
  workerId?: string;
  batchSize?: number;
  leaseMs?: number;
  backoff?: BackoffPolicy;
  /** Called with the rows of each applied and removed batch (tests check that no row is applied twice). */
  onApplied?: (entries: readonly SearchOutboxEntry[]) => void;
}

export interface DrainResult {
  /** Rows this round took and kept. */
  claimed: number;
  /** Rows applied to the index and removed from the outbox. */
  applied: number;
  /** Rows that failed and wait for their next attempt. */
  failed: number;
  /** Rows let go because another worker was busy with the same report. */
  released: number;
  /** The batch was full, so more rows are probably due now. */
  more: boolean;
  /** Meilisearch did not answer; nothing was claimed. */
  searchUnavailable: boolean;
}

export interface SearchOutboxWorker {
  readonly workerId: string;
  /** One round: claim a batch, apply it, remove or reschedule its rows. Rounds of one worker never overlap. */
  drainOnce(): Promise<DrainResult>;
}

export const DEFAULT_BATCH_SIZE = 100;
export const DEFAULT_LEASE_MS = 30_000;

export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`.slice(-64);
}

/**
 * Applies the search outbox to Meilisearch (the Outline way: indexing is a queue processor, never
 * work inside the member's request). Each round collapses the rows of one report into one action that
 * makes the index match the database as it is now: the document is rebuilt and upserted if the report
 * is listed, and deleted otherwise (draft, hidden, deleted, author suspended or gone). So the row's
 * operation only says why it was written; replaying a row, or rows out of order, gives the same index.
 */
export function createSearchOutboxWorker(deps: SearchOutboxWorkerDeps, options: SearchOutboxWorkerOptions = {}): SearchOutboxWorker {
  const { models, search, logger } = deps;
  const workerId = options.workerId ?? newWorkerId();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const table = searchOutboxTable(models);

  // Not known at first: boot may have found Meilisearch down. Checked before the first round and again
  // after every outage, so an engine that comes back (maybe empty) gets its Japanese settings first.
  let settingsApplied = false;
  let failing = false;
  let running: Promise<DrainResult> = Promise.resolve(emptyResult());

  async function ensureIndexSettings(): Promise<boolean> {
    if (settingsApplied) return true;
    try {
      await applyReportsIndexSettings(search.client, search.reportsIndexUid);
      settingsApplied = true;
      if (failing) logger.info({ workerId }, 'Meilisearch に再接続しました。検索インデックスへの反映を再開します');
      failing = false;
      return true;
    } catch (error) {
      noteFailure(error);
      return false;
    }
  }

  function noteFailure(error: unknown) {
    // Once per outage: while Meilisearch is down every round fails the same way.
    if (!failing) logger.warn({ err: error, workerId }, '検索インデックスへの反映に失敗しました（あとで再試行します）');
    failing = true;
  }

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

  async function applyBatch(entries: SearchOutboxEntry[]): Promise<{ applied: number; failed: number }> {
    const byReport = new Map<number, SearchOutboxEntry[]>();
    const unusable: Array<[SearchOutboxEntry, Error]> = [];
    for (const entry of entries) {
      const id = reportIdOf(entry);
      if (id instanceof Error) unusable.push([entry, id]);
      else byReport.set(id, [...(byReport.get(id) ?? []), entry]);
    }
    for (const [entry, error] of unusable) await failEntries(table, workerId, [entry], error, { backoff });

    const succeeded: SearchOutboxEntry[] = [];
    let failed = unusable.length;
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
            noteFailure(error);
            await failEntries(table, workerId, group, error, { backoff });
            failed += group.length;
          }
        }
      } else {
        noteFailure(batchError);
        if ((await search.health()) !== 'ok') settingsApplied = false;
        const group = [...byReport.values()].flat();
        await failEntries(table, workerId, group, batchError, { backoff });
        failed += group.length;
      }
    }
    if (succeeded.length > 0) {
      await completeEntries(table, workerId, succeeded.map((entry) => entry.id));
      options.onApplied?.(succeeded);
    }
    return { applied: succeeded.length, failed };
  }

  async function round(): Promise<DrainResult> {
    if (!(await ensureIndexSettings())) return { ...emptyResult(), searchUnavailable: true };
    const claim = await claimOutboxBatch(models, { workerId, batchSize, leaseMs });
    if (claim.entries.length === 0) return { ...emptyResult(), released: claim.released, more: claim.more };

    // Meilisearch may be slow (a large upsert waits for its task); keep the lease so no one else takes over.
    const ids = claim.entries.map((entry) => entry.id);
    const renewal = setInterval(() => {
      extendLease(table, workerId, ids, leaseMs).catch((error: unknown) => logger.warn({ err: error, workerId }, 'outbox lease could not be extended'));
    }, Math.max(leaseMs / 3, 10));
    try {
      const { applied, failed } = await applyBatch(claim.entries);
      if (applied > 0 && failed === 0 && failing) {
        failing = false;
        logger.info({ workerId }, '検索インデックスへの反映が回復しました');
      }
      return { claimed: claim.entries.length, applied, failed, released: claim.released, more: claim.more, searchUnavailable: false };
    } finally {
      clearInterval(renewal);
    }
  }

  return {
    workerId,
    drainOnce() {
      const next = running.catch(() => undefined).then(round);
      running = next;
      return next;
    },
  };
}

function emptyResult(): DrainResult {
  return { claimed: 0, applied: 0, failed: 0, released: 0, more: false, searchUnavailable: false };
}
