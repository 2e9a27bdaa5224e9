import path from 'node:path';

/** Everything the benchmark listens on or writes, in one place (ports given to this benchmark: 3150-3159, 7750-7759). */
export const BENCH_DIR = path.resolve(__dirname, '..');
export const REPO_DIR = path.resolve(BENCH_DIR, '..');
/** Meilisearch data, server data folders and the raw results; never committed. */
export const WORK_DIR = path.join(BENCH_DIR, '.data');

/** BENCH_PORT_OFFSET=5 lets a small trial run beside a full one (3155-3159, 7755, its own Meilisearch data). */
export const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0);

/**
 * BENCH_PORT_BASE=3260 puts every port of the run (servers, Meilisearch, the dead Meilisearch) in the ten
 * ports from there, for a machine where each engineer has a range of their own; results go where they
 * would without it.
 */
const BASE = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : undefined;
if (BASE !== undefined && !(Number.isSafeInteger(BASE) && BASE > 1024 && BASE < 65_526)) throw new Error('BENCH_PORT_BASE expects a port number');

/** A trial (BENCH_PORT_OFFSET set) writes its figures under .data/, never over the committed ones. */
const OUT_DIR = OFFSET ? path.join(WORK_DIR, `trial-${OFFSET}`) : BENCH_DIR;
/** Where a benchmark writes its figures (a trial's under .data/). */
export const resultsPath = (file: string): string => path.join(OUT_DIR, file);
export const RAW_RESULTS_FILE = path.join(OUT_DIR, 'results.json');
export const RESULTS_MD = path.join(OUT_DIR, 'RESULTS.md');
export const CHART_PNG = path.join(OUT_DIR, 'results-chart.png');

export const PORTS =
  BASE === undefined
    ? ({
        app: 3150 + OFFSET,
        reference: 3151 + OFFSET,
        fallbackApp: 3152 + OFFSET,
        appStats: 3153 + OFFSET,
        fallbackStats: 3154 + OFFSET,
        /** bench:bundle's static server; never runs beside the fallback server. */
        staticWeb: 3152 + OFFSET,
        meilisearch: 7750 + OFFSET,
        /** Nothing listens here: the fallback server's "Meilisearch is down". */
        deadMeilisearch: 7759,
      } as const)
    : ({
        app: BASE,
        reference: BASE + 1,
        fallbackApp: BASE + 2,
        appStats: BASE + 3,
        fallbackStats: BASE + 4,
        staticWeb: BASE + 2,
        meilisearch: BASE + 5,
        deadMeilisearch: BASE + 9,
      } as const);

export const HOST = '127.0.0.1';
export const MYSQL_SERVER_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
export const MEILI_INDEX_PREFIX = 'bench_';
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface BenchOptions {
  reports: number;
  members: number;
  database: string;
  phases: Set<Phase>;
  /** Measured runs per figure; the median is reported. */
  runs: number;
  /** Seconds per measured autocannon run. */
  seconds: number;
  connections: number;
  /** Minutes each indexing (reference, reindex) may take before it is stopped and recorded as such. */
  indexMinutes: number;
}

/** In running order; `reindex` comes after the load so that a slow one cannot starve the rest of the time. */
export const PHASES = ['data', 'index', 'http', 'web', 'reindex', 'report'] as const;
export type Phase = (typeof PHASES)[number];

/** `npm run bench -- --reports 100000 --phases data,index,http,web,report` (every flag optional). */
export function parseOptions(argv: string[]): BenchOptions {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--')) flags.set(arg.slice(2), argv[i + 1] ?? '');
  }
  const int = (name: string, fallback: number) => {
    const value = flags.has(name) ? Number(flags.get(name)) : fallback;
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} expects a positive integer`);
    return value;
  };
  const reports = int('reports', 100_000);
  const phases = (flags.get('phases') ?? PHASES.join(',')).split(',').map((p) => p.trim());
  for (const phase of phases) if (!(PHASES as readonly string[]).includes(phase)) throw new Error(`unknown phase ${phase}; phases: ${PHASES.join(',')}`);
  return {
    reports,
    members: int('members', 2_000),
    database: flags.get('database') ?? `hiraku_bench_${reports}`,
    phases: new Set(phases as Phase[]),
    runs: int('runs', 3),
    seconds: int('seconds', 8),
    connections: int('connections', 16),
    indexMinutes: int('index-minutes', 25),
  };
}
