/**
 * `npm run bench:read` (issue 22, the read paths): the feed's pages, both search rotations and the API's
 * memory, measured on two API processes in turns: one from a checkout of the code before the change
 * (`--base <folder>`, e.g. a worktree of main with its node_modules) and one from this checkout, on the
 * same data and index, scenario by scenario, so both meet the same load on a shared machine. Meilisearch
 * answering the very requests of each search is measured in the same turn. Writes read-results.json and
 * the marked read section of RESULTS.md.
 *
 * Needs the data and index of `npm run bench -- --phases data,index` (same --database and BENCH_PORT_OFFSET).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportsIndexUid } from '@hiraku/search';
import mysql from 'mysql2/promise';
import { BENCH_DIR, HOST, MEILI_INDEX_PREFIX, MYSQL_SERVER_URL, OFFSET, PORTS, REPO_DIR, RESULTS_MD, WORK_DIR } from '../config';
import { databaseUrl } from '../data/database';
import { runLoad, type MedianFigures } from '../load/runLoad';
import { broadSearchScenario, DEEP_REPORTS, feedScenarios, searchScenario, type Scenario } from '../load/scenarios';
import { signInMembers } from '../load/sessions';
import { countSqlPerRequest } from '../load/sqlCount';
import { startBenchMeilisearch } from '../meili';

const MiB = 2 ** 20;
const READERS = 16;

interface Side {
  label: 'before' | 'after';
  repo: string;
  port: number;
  statsPort: number;
}

interface ServerHandle {
  baseUrl: string;
  memory(reset?: boolean): Promise<{ rss: number; maxRss: number }>;
  stop(): Promise<void>;
}

/** The bench server (bench/src/server/benchServer.ts) of `repo`, configured as startBenchServer does. */
async function startServerOf(side: Side, env: Record<string, string>): Promise<ServerHandle> {
  const child: ChildProcess = fork(path.join(side.repo, 'bench/src/server/benchServer.ts'), [], {
    cwd: side.repo,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST,
      PORT: String(side.port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '1000',
      BENCH_STATS_PORT: String(side.statsPort),
      DATA_DIR: path.join(WORK_DIR, `server-data-${side.port}`),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${side.label} server did not start`)), 180_000);
    child.once('message', () => (clearTimeout(timer), resolve()));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`${side.label} server exited with ${code}`))));
  });
  const statsUrl = `http://${HOST}:${side.statsPort}`;
  return {
    baseUrl: `http://${HOST}:${side.port}`,
    memory: async (reset = false) => (await (await fetch(`${statsUrl}/${reset ? 'reset' : 'stats'}`)).json()) as { rss: number; maxRss: number },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Figures {
  key: string;
  label: string;
  before: MedianFigures & { sql: number; maxRssMiB: number; loadAverage: number };
  after: MedianFigures & { sql: number; maxRssMiB: number; loadAverage: number };
  meilisearch?: MedianFigures;
}

function flags(argv: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) if (argv[i]?.startsWith('--')) map.set((argv[i] as string).slice(2), argv[i + 1] ?? '');
  return map;
}

async function main(): Promise<void> {
  const args = flags(process.argv.slice(2));
  const resultsDir = OFFSET ? path.join(WORK_DIR, `trial-${OFFSET}`) : BENCH_DIR;
  if (args.has('report-only')) {
    // The section again from read-results.json (e.g. into the committed RESULTS.md after a trial run).
    writeSection(JSON.parse(fs.readFileSync(args.get('report-only') || path.join(resultsDir, 'read-results.json'), 'utf8')), args.get('write-section') || RESULTS_MD, args.get('note'));
    return;
  }
  const base = args.get('base');
  if (!base || !fs.existsSync(path.join(base, 'bench/src/server/benchServer.ts'))) throw new Error('--base <checkout of the code before> is needed');
  const database = args.get('database') ?? 'hiraku_bench_100000';
  const runs = Number(args.get('runs') ?? 3);
  const seconds = Number(args.get('seconds') ?? 8);
  const connections = Number(args.get('connections') ?? 16);
  const only = args.get('only')?.split(',');
  const url = databaseUrl(MYSQL_SERVER_URL, database);
  // --meili-host: an engine already running (or, for the feed alone, a port where nothing listens: the
  // servers then boot without search, and only the feed scenarios make sense).
  const given = args.get('meili-host');
  const meili = given ? { host: given, masterKey: args.get('meili-key') ?? '', stop: async () => undefined } : await startBenchMeilisearch();
  const env = { DATABASE_URL: url, MEILI_HOST: meili.host, MEILI_MASTER_KEY: meili.masterKey, MEILI_INDEX_PREFIX };
  const sides: Side[] = [
    { label: 'before', repo: path.resolve(base), port: PORTS.reference, statsPort: PORTS.fallbackStats },
    { label: 'after', repo: REPO_DIR, port: PORTS.app, statsPort: PORTS.appStats },
  ];
  const servers: Partial<Record<Side['label'], ServerHandle>> = {};
  const conn = await mysql.createConnection({ uri: url, timezone: 'Z' });
  const figures: Figures[] = [];
  const started = new Date();
  try {
    for (const side of sides) servers[side.label] = await startServerOf(side, env);
    const before = servers.before as ServerHandle;
    const after = servers.after as ServerHandle;
    const meiliTarget = { host: meili.host, key: meili.masterKey, indexUid: reportsIndexUid(MEILI_INDEX_PREFIX) };
    // Each process signs its readers in itself: their session keys differ (each keeps its own in its DATA_DIR).
    const readersOf = async (server: ServerHandle) => signInMembers(server.baseUrl, READERS);
    const scenariosOf = async (server: ServerHandle) => {
      const readers = await readersOf(server);
      return [
        ...(await feedScenarios(conn, readers, DEEP_REPORTS)),
        await searchScenario(conn, readers, meiliTarget),
        await broadSearchScenario(conn, readers, meiliTarget),
      ].filter((s) => !only || only.includes(s.key));
    };
    const beforeScenarios = await scenariosOf(before);
    const afterScenarios = await scenariosOf(after);
    const load = { connections, seconds, runs };
    for (const [index, scenario] of afterScenarios.entries()) {
      console.info(`  ${scenario.label}`);
      const measure = async (server: ServerHandle, s: Scenario) => {
        const sql = (await countSqlPerRequest(server.baseUrl, s.samples)).max;
        await server.memory(true);
        const loadAverage = os.loadavg()[0] ?? Number.NaN;
        const result = await runLoad({ ...load, baseUrl: server.baseUrl, rotation: s.rotation });
        return { ...result, sql, maxRssMiB: (await server.memory()).maxRss / MiB, loadAverage };
      };
      const b = await measure(before, beforeScenarios[index] as Scenario);
      const a = await measure(after, scenario);
      const m = scenario.meiliRotation ? await runLoad({ ...load, baseUrl: meili.host, rotation: scenario.meiliRotation }) : undefined;
      figures.push({ key: scenario.key, label: scenario.label, before: b, after: a, ...(m ? { meilisearch: m } : {}) });
      console.info(
        `    before ${b.requestsPerSecond.toFixed(0)} req/s p50 ${b.p50} p95 ${b.p95} p99 ${b.p99} sql ${b.sql} rss ${b.maxRssMiB.toFixed(0)}; after ${a.requestsPerSecond.toFixed(0)} req/s p50 ${a.p50} p95 ${a.p95} p99 ${a.p99} sql ${a.sql} rss ${a.maxRssMiB.toFixed(0)}${m ? `; meilisearch ${m.requestsPerSecond.toFixed(0)} req/s p95 ${m.p95}` : ''} (load ${b.loadAverage.toFixed(1)})`,
      );
    }
  } finally {
    await conn.end();
    for (const server of Object.values(servers)) await server?.stop();
    await meili.stop();
  }
  const out = { started: started.toISOString(), database, runs, seconds, connections, machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}`, figures };
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'read-results.json'), `${JSON.stringify(out, null, 2)}\n`);
  if (args.has('write-section')) writeSection(out, args.get('write-section') || RESULTS_MD, args.get('note'));
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** `note`: what the run could not measure, or why its figures read as they do (--note). */
function writeSection(out: { started: string; runs: number; seconds: number; connections: number; machine: string; figures: Figures[] }, file: string, note?: string): void {
  const lines = [
    '<!-- read:begin (written by npm run bench:read) -->',
    '## Read paths before and after issue 22 (feed, search, memory)',
    '',
    `Run ${out.started.slice(0, 16).replace('T', ' ')} UTC on ${out.machine}, 100,000 reports: two API processes, the code before (main) and after, measured in turns per scenario on the same data and index, ${out.connections} connections, median of ${out.runs} runs of ${out.seconds} s after a warm-up. The 1-minute load average is in the table (the benchmark's own processes keep it near 2-4 on these 2 cores; well above that, other work ran beside it); compare the two columns of a row.`,
    '',
    '| scenario | before req/s | after req/s | ratio | before p50 / p95 / p99 ms | after p50 / p95 / p99 ms | Meilisearch directly req/s, p95 ms | SQL before → after | max RSS MiB before → after | load avg |',
    '| --- | ---: | ---: | ---: | --- | --- | --- | --- | --- | ---: |',
    ...out.figures.map((f) => {
      const ratio = f.after.requestsPerSecond / f.before.requestsPerSecond;
      const lat = (x: MedianFigures) => `${fmt(x.p50, 1)} / ${fmt(x.p95, 1)} / ${fmt(x.p99, 1)}`;
      const meili = f.meilisearch ? `${fmt(f.meilisearch.requestsPerSecond)}, ${fmt(f.meilisearch.p95, 1)}` : '';
      return `| ${f.label} | ${fmt(f.before.requestsPerSecond)} | ${fmt(f.after.requestsPerSecond)} | ${fmt(ratio, 2)}x | ${lat(f.before)} | ${lat(f.after)} | ${meili} | ${f.before.sql} → ${f.after.sql} | ${fmt(f.before.maxRssMiB)} → ${fmt(f.after.maxRssMiB)} | ${fmt(f.before.loadAverage, 1)} |`;
    }),
    '',
    ...(note ? [note, ''] : []),
    'Command: `BENCH_PORT_OFFSET=30 npm run bench:read -- --base <worktree of main> --database hiraku_bench_read --write-section` (raw figures: `bench/read-results.json`).',
    '<!-- read:end -->',
  ];
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const begin = text.indexOf('<!-- read:begin');
  const end = text.indexOf('<!-- read:end -->');
  const next = begin >= 0 && end > begin ? `${text.slice(0, begin)}${lines.join('\n')}${text.slice(end + '<!-- read:end -->'.length)}` : `${text.trimEnd()}\n\n${lines.join('\n')}\n`;
  fs.writeFileSync(file, next);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
