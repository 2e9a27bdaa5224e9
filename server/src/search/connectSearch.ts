import fs from 'node:fs/promises';
import path from 'node:path';
import { applyReportsIndexSettings, createSearchClient, superviseLocalMeilisearch, type SupervisedMeilisearch, type SupervisorEvent } from '@hiraku/search';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { createSearchService, type SearchService } from './searchService';
import { processIsAlive } from '../processIsAlive';

export interface ConnectedSearch {
  service: SearchService;
  /** Where the engine came from: MEILI_HOST, another process's local one, or one started here. */
  source: 'configured' | 'shared' | 'started';
  /** The supervised engine when this call started one (for its restarts and current pid). */
  local?: SupervisedMeilisearch;
  /** Synchronous: no more restarts of a started engine (call first on shutdown). No-op otherwise. */
  stopRestarting(): void;
  /** Stops the engine only if this call started it. Safe to call twice. */
  stop(): Promise<void>;
}

export interface ConnectSearchOptions {
  /** Where the verified Meilisearch copy lives when one is started; `${dataDir}/bin` by default. */
  binDir?: string;
}

/** Written next to the data by whoever started a local Meilisearch, so other processes can share it. */
export interface MeilisearchInstance {
  host: string;
  /** The process that started it (and stops it when it exits), not Meilisearch's own pid. */
  pid: number;
}

export const INSTANCE_FILE_NAME = 'meilisearch-instance.json';
/** startLocalMeilisearch keeps the generated key here; a sharing process reads it from the same place. */
export const MASTER_KEY_FILE_NAME = 'meilisearch-master-key';
const HEALTH_TIMEOUT_MS = 2_000;

export function instanceFilePath(dataDir: string): string {
  return path.join(dataDir, INSTANCE_FILE_NAME);
}

/**
 * The search engine for this process. MEILI_HOST wins. Otherwise a local Meilisearch already serving
 * this DATA_DIR (a running `npm start`) is reused: a second one would start on the same database folder
 * without complaint, and two engines writing one folder corrupt it. Only when there is none is a local
 * one started, and announced in the instance file.
 */
export async function connectSearch(env: Env, logger: Logger, options: ConnectSearchOptions = {}): Promise<ConnectedSearch> {
  const indexPrefix = env.MEILI_INDEX_PREFIX;
  if (env.MEILI_HOST) {
    const service = createSearchService({ host: env.MEILI_HOST, apiKey: env.MEILI_MASTER_KEY, indexPrefix });
    return { service, source: 'configured', stopRestarting: () => undefined, stop: async () => undefined };
  }

  const shared = await findLiveInstance(env.dataDir);
  if (shared) {
    logger.info({ host: shared.host, ownerPid: shared.pid }, '起動中のサーバーのローカル Meilisearch を使います');
    const service = createSearchService({ host: shared.host, apiKey: shared.masterKey, indexPrefix });
    return { service, source: 'shared', stopRestarting: () => undefined, stop: async () => undefined };
  }

  logger.info('MEILI_HOST が未設定のため、ローカルの Meilisearch を起動します');
  // Supervised: a crashed engine comes back on the same host, so the clients below keep working.
  let service: SearchService | undefined = undefined;
  const local = await superviseLocalMeilisearch({
    dataDir: env.dataDir,
    ...(options.binDir ? { binDir: options.binDir } : {}),
    onEvent: (event) => logSupervisorEvent(logger, event),
    // The outbox worker re-applies settings too, but only once a write fails; an idle app gets them here.
    onRestarted: async () => {
      if (!service) return;
      await applyReportsIndexSettings(service.client, service.reportsIndexUid).catch((error: unknown) =>
        logger.warn({ err: error }, '再起動した Meilisearch に設定を適用できませんでした（後で再試行します）'),
      );
    },
  });
  const file = instanceFilePath(env.dataDir);
  const mine: MeilisearchInstance = { host: local.host, pid: process.pid };
  try {
    await writeFileAtomically(file, `${JSON.stringify(mine)}\n`);
  } catch (error) {
    await local.stop();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Another process may have taken over the file after ours went stale; leave theirs alone.
      const current = await readInstanceFile(file);
      if (current?.pid === mine.pid && current.host === mine.host) await fs.rm(file, { force: true });
      await local.stop();
    })());
  service = createSearchService({ host: local.host, apiKey: local.masterKey, indexPrefix });
  return { service, source: 'started', local, stopRestarting: () => local.stopRestarting(), stop };
}

function logSupervisorEvent(logger: Logger, event: SupervisorEvent): void {
  if (event.type === 'exited') {
    logger.warn({ how: event.how, restartInMs: event.restartInMs }, 'ローカルの Meilisearch が停止しました。再起動します');
  } else if (event.type === 'restartFailed') {
    logger.error({ err: event.error, restartInMs: event.restartInMs }, 'ローカルの Meilisearch を再起動できませんでした。再試行します');
  } else {
    logger.info({ host: event.host, pid: event.pid, restarts: event.restarts }, 'ローカルの Meilisearch を再起動しました');
  }
}

/** The instance in `dataDir` if its owner is alive and it answers with this folder's key, else null. */
export async function findLiveInstance(dataDir: string): Promise<(MeilisearchInstance & { masterKey: string }) | null> {
  const instance = await readInstanceFile(instanceFilePath(dataDir));
  if (!instance || !processIsAlive(instance.pid)) return null;
  const masterKey = await readMasterKey(dataDir);
  if (!masterKey) return null;
  // The pid may have been reused and the port taken by something else: a keyed call proves it is ours.
  const client = createSearchClient({ host: instance.host, apiKey: masterKey, timeoutMs: HEALTH_TIMEOUT_MS });
  try {
    const health = await client.health();
    if (health.status !== 'available') return null;
    await client.getVersion();
  } catch {
    return null;
  }
  return { ...instance, masterKey };
}

export async function readInstanceFile(file: string): Promise<MeilisearchInstance | null> {
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { host, pid } = value as Record<string, unknown>;
    if (typeof host !== 'string' || !/^https?:\/\//.test(host) || typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return null;
    return { host, pid };
  } catch {
    return null;
  }
}

async function readMasterKey(dataDir: string): Promise<string | null> {
  try {
    return (await fs.readFile(path.join(dataDir, MASTER_KEY_FILE_NAME), 'utf8')).trim() || null;
  } catch {
    return null;
  }
}

async function writeFileAtomically(file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, content);
  await fs.rename(temporary, file);
}
