import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { HOST, MEILI_INDEX_PREFIX, PORTS, REPO_DIR, WORK_DIR } from '../config';
import { SERVE_NODE_FLAGS } from './serveFlags';

export interface RunningProcess {
  baseUrl: string;
  /** Resident memory of the process now and at most since the last reset (a bench server adds its CPU time and statements). */
  memory(reset?: boolean): Promise<{ rss: number; maxRss: number; cpuMs?: number; systemMs?: number; queries?: number }>;
  /** A bench server's named caches: hits, misses and entries since boot. */
  caches?(): Promise<CacheStats[]>;
  stop(): Promise<void>;
}

export interface CacheStats {
  name: string;
  hits: number;
  misses: number;
  size: number;
}

const READY_TIMEOUT_MS = 120_000;

/** A Node process running `file`, with the benchmark's environment and `env`, talking back over IPC. */
function forkNode(file: string, env: Record<string, string>, execArgv: string[] = []): ChildProcess {
  return fork(file, [], { execArgv, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** One of this folder's TypeScript files, through tsx. */
function forkTs(file: string, env: Record<string, string>): ChildProcess {
  return forkNode(path.join(__dirname, file), env, ['--import', 'tsx']);
}

let compiledServer: string | null = null;

/**
 * benchServer.ts bundled as production bundles the server (server/buildServer.mjs) and run by plain Node,
 * as `npm run serve` runs it: a TypeScript loader in the process would be measured too (about 80 MiB of
 * RSS). Built once per benchmark process, beside its other files, so a trial run beside a full one keeps
 * its own.
 */
function compiledBenchServer(): string {
  if (compiledServer) return compiledServer;
  const outfile = path.join(WORK_DIR, `bench-server-${PORTS.app}.cjs`);
  const built = spawnSync(process.execPath, [path.join(REPO_DIR, 'server/buildServer.mjs'), path.join(__dirname, 'benchServer.ts'), outfile], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`server/buildServer.mjs exited with ${built.status}: ${built.stderr}`);
  compiledServer = outfile;
  return outfile;
}

function whenReady(child: ChildProcess, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code} before it was ready`));
    });
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

export interface BenchServerOptions {
  port: number;
  statsPort: number;
  databaseUrl: string;
  meiliHost: string;
  meiliKey: string;
  indexPrefix: string;
  dataDir: string;
  /** Extra environment (HIRAKU_ROLE=api and REDIS_URL for a deployment with a worker process of its own). */
  env?: Record<string, string>;
}

/** The API process on the app's ports, on `databaseUrl` and the benchmark's Meilisearch: what every benchmark measures. */
export function appServerOptions(databaseUrl: string, meili: { host: string; masterKey: string }, env?: Record<string, string>): BenchServerOptions {
  return {
    port: PORTS.app,
    statsPort: PORTS.appStats,
    databaseUrl,
    meiliHost: meili.host,
    meiliKey: meili.masterKey,
    indexPrefix: MEILI_INDEX_PREFIX,
    dataDir: path.join(WORK_DIR, `server-data-${PORTS.app}`),
    ...(env ? { env } : {}),
  };
}

/**
 * BENCH_CPU_PROFILE_DIR=<folder>: the API process (and a bench's worker process) writes a V8 CPU profile
 * there when it stops (open it in Chrome's DevTools, or summarise it with
 * `node bench/src/server/summariseProfile.mjs <file>`).
 */
export function cpuProfileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

/** The real API in its own process (see benchServer.ts), configured as in production. */
export async function startBenchServer(options: BenchServerOptions): Promise<RunningProcess> {
  const child = forkNode(compiledBenchServer(), {
    NODE_ENV: 'production',
    HOST,
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    MEILI_HOST: options.meiliHost,
    MEILI_MASTER_KEY: options.meiliKey,
    MEILI_INDEX_PREFIX: options.indexPrefix,
    // Warnings only: a log line per request would measure the terminal, not the API.
    LOG_LEVEL: 'warn',
    // Every request comes from 127.0.0.1; the per-IP limits would otherwise answer 429 to the load itself.
    RATE_LIMIT_FACTOR: '1000',
    // As docs/deployment.md sets it for every process: glibc's per-thread arenas held about 50 MiB more.
    MALLOC_ARENA_MAX: '2',
    BENCH_STATS_PORT: String(options.statsPort),
    // The bundle sits in the benchmark's work folder, not two folders below the repository as server/dist.
    BENCH_WEB_DIST: path.join(REPO_DIR, 'apps/web/dist'),
    ...options.env,
  }, [...SERVE_NODE_FLAGS, ...cpuProfileArgs()]);
  await whenReady(child, 'bench server');
  const statsUrl = `http://${HOST}:${options.statsPort}`;
  return {
    baseUrl: `http://${HOST}:${options.port}`,
    memory: async (reset = false) => (await (await fetch(`${statsUrl}/${reset ? 'reset' : 'stats'}`)).json()) as { rss: number; maxRss: number; cpuMs: number; systemMs: number; queries: number },
    caches: async () => (await (await fetch(`${statsUrl}/caches`)).json()) as CacheStats[],
    stop: stopper(child),
  };
}

/** The bare Koa reference answering `bodies` ("METHOD /url" -> JSON) from memory. */
export async function startReferenceServer(port: number, bodies: Record<string, unknown>): Promise<RunningProcess> {
  const child = forkTs('referenceServer.ts', {});
  const ready = whenReady(child, 'reference server');
  child.send({ port, host: HOST, bodies });
  await ready;
  const baseUrl = `http://${HOST}:${port}`;
  return {
    baseUrl,
    memory: async () => (await (await fetch(`${baseUrl}/__stats`)).json()) as { rss: number; maxRss: number },
    stop: stopper(child),
  };
}
