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
}

export interface RebuildResult {
  indexUid: string;
  documentCount: number;
}

const DEFAULT_BATCH_SIZE = 1_000;
/**
 * Batches queued in Meilisearch at once; bounds what a failed rebuild leaves queued behind it. Measured on
 * 100,000 reports (bench/RESULTS.md): 8 in flight took 170 s, 32 took 133 s, 128 took 142 s, against 101 s
 * for Meilisearch taking the same documents all queued at once.
 */
const MAX_BATCHES_IN_FLIGHT = 32;
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
  await deleteStaleBuildIndexes(client, options.prefix);

  const ids = new Set<number>();
  let indexed = 0;
  try {
    await applyReportsIndexSettings(client, buildUid);
    // Batches are queued without waiting for each to be indexed, a few at a time: Meilisearch merges
    // queued additions to one index into one indexing run, and reading the next database page overlaps
    // with indexing the previous one (issue 14).
    const inFlight: Promise<unknown>[] = [];
    try {
      for await (const batch of options.documents) {
        for (let start = 0; start < batch.length; start += batchSize) {
          const chunk = batch.slice(start, start + batchSize);
          const done = waitForSuccess(client, client.index<ReportSearchDocument>(buildUid).addDocuments(chunk, { primaryKey: REPORTS_PRIMARY_KEY }), `fill ${buildUid}`);
          // Marked handled now; each one is still awaited (and its failure thrown) below.
          done.catch(() => undefined);
          inFlight.push(done);
          for (const document of chunk) ids.add(document.id);
          indexed += chunk.length;
          options.onProgress?.({ phase: 'indexing', indexed });
          if (inFlight.length >= MAX_BATCHES_IN_FLIGHT) await inFlight.shift();
        }
      }
      // Tasks of one index run in the order they were queued, so the last one done means all are.
      while (inFlight.length > 0) await inFlight.shift();
    } finally {
      // A failure above leaves the rest still being polled; wait for them so no poll outlives the rebuild.
      await Promise.allSettled(inFlight);
    }
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
