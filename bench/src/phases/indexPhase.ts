import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import readline from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { applyReportsIndexSettings, createSearchClient, reportsIndexUid, waitForSuccess, type ReportSearchDocument, type SearchClient } from '@hiraku/search';
import type { LocalMeilisearch } from '@hiraku/search/src/localMeilisearch';
import { createSequelize } from '../../../server/src/db/connection';
import { initModels } from '../../../server/src/models';
import { allListedReportDocuments } from '../../../server/src/search/reportDocumentBuilder';
import { MEILI_INDEX_PREFIX, REPO_DIR, WORK_DIR } from '../config';

export interface DirectIndexFigures {
  documents: number;
  /** Reading the documents with the project's document builder (not part of the reference time). */
  buildSeconds: number;
  /** Meilisearch indexing them, sent straight to it in batches, all queued at once. */
  referenceSeconds: number;
  referenceBatchSize: number;
  /** False when the time limit ran out first; `indexed` then tells how far Meilisearch got. */
  finished: boolean;
  indexed: number;
  loadAverage: number;
}

export interface ReindexFigures {
  /** The project's `npm run cli -- reindex` as an operator runs it (process start to exit). */
  seconds: number;
  finished: boolean;
  /** Documents in the index being built when the time limit stopped it (all of them when it finished). */
  documents: number;
  timeLimitSeconds: number;
  loadAverage: number;
}

const REFERENCE_BATCH_SIZE = 1_000;

const searchClient = (meili: LocalMeilisearch): SearchClient => createSearchClient({ host: meili.host, apiKey: meili.masterKey, timeoutMs: 60_000 });

/**
 * The reference: the documents the project's builder makes, sent straight to Meilisearch into the live
 * index (which the API then searches). Timed from the first batch sent to the last task done.
 */
export async function indexDirectly(databaseUrl: string, meili: LocalMeilisearch, timeLimitMs: number): Promise<DirectIndexFigures> {
  const loadAverage = os.loadavg()[0] ?? Number.NaN;
  const sequelize = createSequelize({ databaseUrl, dataDir: '.', logging: false });
  // The built documents go to a file, one JSON line each, and are read back batch by batch: at 1,000,000
  // reports an array of them all (several GB of strings) ran the process out of heap.
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const file = path.join(WORK_DIR, `documents-${process.pid}.ndjson`);
  let count = 0;
  const buildStarted = performance.now();
  const out = fs.createWriteStream(file);
  try {
    for await (const batch of allListedReportDocuments(initModels(sequelize), 1_000)) {
      if (!out.write(batch.map((document) => `${JSON.stringify(document)}\n`).join(''))) await once(out, 'drain');
      count += batch.length;
    }
  } finally {
    out.end();
    await once(out, 'close');
    await sequelize.close();
  }
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  try {
    return await sendDocuments(meili, file, count, timeLimitMs, { buildSeconds, loadAverage });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Batches of REFERENCE_BATCH_SIZE documents from the file, in order. */
async function* documentBatches(file: string): AsyncGenerator<ReportSearchDocument[]> {
  let batch: ReportSearchDocument[] = [];
  for await (const line of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
    if (line === '') continue;
    batch.push(JSON.parse(line) as ReportSearchDocument);
    if (batch.length === REFERENCE_BATCH_SIZE) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

async function sendDocuments(
  meili: LocalMeilisearch,
  file: string,
  documentCount: number,
  timeLimitMs: number,
  { buildSeconds, loadAverage }: { buildSeconds: number; loadAverage: number },
): Promise<DirectIndexFigures> {

  const client = searchClient(meili);
  const uid = reportsIndexUid(MEILI_INDEX_PREFIX);
  // A previous run's index, if any (a first run has none: that task fails with index_not_found).
  await client.deleteIndex(uid).waitTask().catch(() => undefined);
  await applyReportsIndexSettings(client, uid);
  const started = performance.now();
  const tasks = [];
  for await (const batch of documentBatches(file)) {
    // One upload at a time (a hundred at once break Meilisearch's connections), without waiting for indexing.
    const enqueued = client.index(uid).addDocuments(batch, { primaryKey: 'id' });
    await enqueued;
    tasks.push(enqueued);
  }
  // Tasks of one index run in order; each is checked all the same. Past the time limit the figure is
  // recorded as unfinished (with what the index holds) and the run goes on with a partial index.
  let finished = true;
  try {
    for (const task of tasks) await waitForSuccess(client, task, `reference indexing ${uid}`, Math.max(1, timeLimitMs - (performance.now() - started)));
  } catch (error) {
    console.warn(`  reference indexing stopped: ${String(error)}`);
    finished = false;
  }
  const referenceSeconds = (performance.now() - started) / 1000;
  const indexed = (await client.index(uid).getStats()).numberOfDocuments;
  return { documents: documentCount, indexed, finished, buildSeconds, referenceSeconds, referenceBatchSize: REFERENCE_BATCH_SIZE, loadAverage };
}

/**
 * The project's reindex command against the bench database, stopped at `timeLimitMs` if it has not
 * finished (then the documents its build index holds tell how far it got). A finished reindex swaps
 * its index in; a stopped one leaves the live index as it was.
 */
export async function measureReindex(databaseUrl: string, meili: LocalMeilisearch, timeLimitMs: number): Promise<ReindexFigures> {
  const loadAverage = os.loadavg()[0] ?? Number.NaN;
  const started = performance.now();
  const finished = await runCli(['reindex', '--quiet'], timeLimitMs, {
    DATABASE_URL: databaseUrl,
    MEILI_HOST: meili.host,
    MEILI_MASTER_KEY: meili.masterKey,
    MEILI_INDEX_PREFIX,
    DATA_DIR: path.join(WORK_DIR, 'cli-data'),
    LOG_LEVEL: 'warn',
  });
  const seconds = (performance.now() - started) / 1000;
  const client = searchClient(meili);
  const live = reportsIndexUid(MEILI_INDEX_PREFIX);
  let documents = 0;
  const indexes = await client.getRawIndexes({ limit: 1_000 });
  for (const { uid } of indexes.results) {
    if (finished ? uid === live : uid.startsWith(`${MEILI_INDEX_PREFIX}reports_build_`)) {
      documents = Math.max(documents, (await client.index(uid).getStats()).numberOfDocuments);
      if (!finished) await waitForSuccess(client, client.deleteIndex(uid), `delete ${uid}`);
    }
  }
  return { seconds, finished, documents, timeLimitSeconds: timeLimitMs / 1000, loadAverage };
}

/** Resolves true when the command exited 0, false when the time limit stopped it; rejects on failure. */
function runCli(args: string[], timeLimitMs: number, env: Record<string, string>): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_DIR, 'server/src/cli/index.ts'), ...args], {
      cwd: REPO_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let stopped = false;
    const timer = setTimeout(() => {
      stopped = true;
      child.kill('SIGTERM');
    }, timeLimitMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(true);
      else if (stopped) resolve(false);
      else reject(new Error(`cli ${args.join(' ')} exited with ${code ?? signal}`));
    });
  });
}
