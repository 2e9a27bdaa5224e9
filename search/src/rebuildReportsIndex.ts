import type { EnqueuedTaskPromise } from 'meilisearch';
import type { SearchClient } from './client';
import { applyReportsIndexSettings, createIndexIfMissing, REPORTS_PRIMARY_KEY, reportsIndexUid, type ReportSearchDocument } from './reportsIndex';
import { waitForSuccess } from './tasks';

export interface RebuildProgress {
  phase: 'indexing' | 'swapping' | 'done';
  /** Documents sent to the new index so far. */
  indexed: number;
}

export interface RebuildReportsIndexOptions {
  prefix: string;
  /** Every document the index should hold afterwards, in batches (e.g. one database page each). */
  documents: AsyncIterable<readonly ReportSearchDocument[]> | Iterable<readonly ReportSearchDocument[]>;
  onProgress?: (progress: RebuildProgress) => void;
  /** Largest addDocuments request; bigger batches from `documents` are split. */
  batchSize?: number;
  /** Documents queued in Meilisearch and not yet indexed, at most (one batch more while it is sent). */
  maxDocumentsInFlight?: number;
}

export interface RebuildResult {
  indexUid: string;
  documentCount: number;
}

const DEFAULT_BATCH_SIZE = 1_000;
/**
 * Documents queued in Meilisearch at once. Meilisearch merges the additions queued for one index into one
 * indexing run, and each run costs more as the index grows, so what is queued is bounded by documents, not
 * by requests: at 1,000,000 reports a bound of 32 batches of 1,000 had it index 3,500-12,500 documents per
 * run and the rebuild took about 1.38x Meilisearch taking everything queued at once (bench/RESULTS.md). The
 * bound also limits what a failed rebuild leaves queued behind it.
 */
export const MAX_DOCUMENTS_IN_FLIGHT = 100_000;
/** A build index this old belongs to a rebuild that died; a live rebuild never takes a day. */
const STALE_BUILD_AGE_MS = 24 * 60 * 60 * 1000;

export function buildIndexPrefix(prefix: string): string {
  return `${reportsIndexUid(prefix)}_build_`;
}

/**
 * Fills a fresh index and swaps it with the live one in a single Meilisearch task, so searches keep
 * answering from the old documents until the new ones are complete, and never see an empty index.
 * Not meant to run twice at the same time for one prefix. Documents written to the live index while
 * the rebuild runs are replaced by the rebuild's: re-sync anything changed since it started.
 */
export async function rebuildReportsIndex(client: SearchClient, options: RebuildReportsIndexOptions): Promise<RebuildResult> {
  const liveUid = reportsIndexUid(options.prefix);
  const buildUid = `${buildIndexPrefix(options.prefix)}${Date.now()}`;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxInFlight = options.maxDocumentsInFlight ?? MAX_DOCUMENTS_IN_FLIGHT;
  await deleteStaleBuildIndexes(client, options.prefix);

  const ids = new Set<number>();
  let indexed = 0;
  try {
    await applyReportsIndexSettings(client, buildUid);
    // Batches are queued without waiting for each to be indexed: reading the next database page overlaps
    // with indexing the previous ones. Only the oldest queued task is polled: a poller per task
    // asked Meilisearch hundreds of times a second while it indexed.
    const queued: { task: EnqueuedTaskPromise; documents: number }[] = [];
    let inFlight = 0;
    const settleOldest = async (): Promise<void> => {
      const oldest = queued.shift();
      if (!oldest) return;
      await waitForSuccess(client, oldest.task, `fill ${buildUid}`);
      inFlight -= oldest.documents;
    };
    for await (const batch of options.documents) {
      for (let start = 0; start < batch.length; start += batchSize) {
        const chunk = batch.slice(start, start + batchSize);
        const task = client.index<ReportSearchDocument>(buildUid).addDocuments(chunk, { primaryKey: REPORTS_PRIMARY_KEY });
        await task; // sent and queued; a refused request throws here
        queued.push({ task, documents: chunk.length });
        inFlight += chunk.length;
        for (const document of chunk) ids.add(document.id);
        indexed += chunk.length;
        options.onProgress?.({ phase: 'indexing', indexed });
        while (inFlight > maxInFlight) await settleOldest();
      }
    }
    // Each task is checked, not only the last: a failed addition does not stop the ones queued after it.
    while (queued.length > 0) await settleOldest();
    // Guards against a build index that was deleted and silently re-created by a document addition.
    const stats = await client.index(buildUid).getStats();
    if (stats.numberOfDocuments !== ids.size) {
      throw new Error(`${buildUid} holds ${stats.numberOfDocuments} documents, expected ${ids.size}; not swapping`);
    }

    options.onProgress?.({ phase: 'swapping', indexed });
    await createIndexIfMissing(client, liveUid);
    await waitForSuccess(client, client.swapIndexes([{ indexes: [liveUid, buildUid], rename: false }]), `swap ${liveUid} with ${buildUid}`);
  } catch (error) {
    // Tasks run in order, so this removes the half-built index, or the old documents if a swap that
    // timed out on our side still went through. The live index is left as it was.
    await client.deleteIndex(buildUid).waitTask().catch(() => undefined);
    throw error;
  }
  // After the swap the build uid holds the previous live documents.
  await waitForSuccess(client, client.deleteIndex(buildUid), `delete the previous ${liveUid}`);
  options.onProgress?.({ phase: 'done', indexed });
  return { indexUid: liveUid, documentCount: ids.size };
}

async function deleteStaleBuildIndexes(client: SearchClient, prefix: string): Promise<void> {
  const start = buildIndexPrefix(prefix);
  const stale: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await client.getRawIndexes({ limit: 100, offset });
    for (const { uid } of page.results) {
      const stamp = uid.startsWith(start) ? uid.slice(start.length) : '';
      if (/^[0-9]+$/.test(stamp) && Date.now() - Number(stamp) > STALE_BUILD_AGE_MS) stale.push(uid);
    }
    if (offset + page.results.length >= page.total || page.results.length === 0) break;
  }
  for (const uid of stale) await waitForSuccess(client, client.deleteIndex(uid), `delete stale ${uid}`);
}
