import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNginx, startNginx, type RunningNginx } from '../../../server/test/support/nginx';
import { startServerProcess, type ServerProcess } from '../../../server/test/support/serverProcess';
import { BENCH_DIR, HOST, MYSQL_SERVER_URL, RESULTS_MD, WORK_DIR } from '../config';
import { prepareBenchDatabase } from '../data/database';
import { parseCliFlags } from '../load/cliFlags';
import { runLoadOnce, type LoadFigures, type RequestSpec, type Rotation } from '../load/runLoad';
import { detailScenario, spreadIds } from '../load/scenarios';
import { signInMembers, type MemberSession } from '../load/sessions';
import { writeScaleOutSection } from './resultsSection';

/**
 * `npm run bench:scaleout`: throughput with one and with two API processes (HIRAKU_ROLE=api) behind
 * nginx on loopback, sharing MariaDB and Redis, as docs/deployment.md deploys them. Writes
 * bench/scaleout-results.json and the scale-out section of bench/RESULTS.md (between its markers, so the
 * main benchmark's report keeps it).
 */

/** The ports given to this benchmark: 3270-3279. */
const PORTS = { apis: [3271, 3272], nginxOne: 3275, nginxTwo: 3276, deadMeilisearch: 3279 } as const;
const SCALEOUT_RESULTS_JSON = path.join(BENCH_DIR, 'scaleout-results.json');
const READERS = 16;

interface Options {
  reports: number;
  members: number;
  runs: number;
  seconds: number;
  connections: number;
  /** Reuse the database of a previous run instead of generating it again. */
  reuseData: boolean;
}

function parseOptions(argv: string[]): Options {
  const flags = parseCliFlags(argv, ['reuse-data', 'report-only']);
  return {
    reports: flags.int('reports', 10_000),
    members: flags.int('members', 500),
    runs: flags.int('runs', 3),
    seconds: flags.int('seconds', 8),
    connections: flags.int('connections', 16),
    reuseData: flags.has('reuse-data'),
  };
}

interface Scenario {
  key: string;
  label: string;
  rotation: Rotation;
}

interface Setup {
  key: 'direct-1' | 'nginx-1' | 'nginx-2';
  label: string;
}

const SETUPS: Setup[] = [
  { key: 'direct-1', label: 'one API process, no nginx' },
  { key: 'nginx-1', label: 'one API process behind nginx' },
  { key: 'nginx-2', label: 'two API processes behind nginx' },
];

interface Figure {
  setup: Setup['key'];
  scenario: string;
  /** Medians over the runs. */
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU the API processes used during the runs, in cores (1.0 = one core busy all the time). */
  apiCores: number;
  /** 1-minute load average at each run: the machine is shared. */
  loadAverages: number[];
  runs: LoadFigures[];
}

const CLOCK_TICKS_PER_SECOND = 100;

/** User and system CPU seconds a process has used so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // Fields 14 and 15 of stat (utime, stime), counted after the command name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function apiEnv(port: number, url: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HIRAKU_ROLE: 'api',
    HOST,
    PORT: String(port),
    DATA_DIR: path.join(WORK_DIR, `scaleout-data-${port}`),
    DATABASE_URL: url,
    // The measured pages never search; nothing listens here, so no engine competes for the CPU.
    MEILI_HOST: `http://${HOST}:${PORTS.deadMeilisearch}`,
    MEILI_MASTER_KEY: 'none',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: 'hiraku_bench_scaleout:',
    SESSION_SECRET: 'bench-scaleout-session-secret-0123456789abcdef',
    TRUSTED_PROXIES: '127.0.0.1',
    // Every request comes from 127.0.0.1: the per-IP limits would otherwise answer the load itself.
    RATE_LIMIT_FACTOR: '1000',
    LOG_LEVEL: 'warn',
  };
}

async function startApi(port: number, url: string): Promise<ServerProcess> {
  const api = startServerProcess(apiEnv(port, url), `API process on ${port}`);
  await api.waitFor(/ひらく の APIを起動しました/);
  return api;
}

async function main(): Promise<void> {
  if (process.argv.includes('--report-only')) {
    // The section again from the recorded figures (after a change of its wording).
    writeScaleOutSection(renderSection(JSON.parse(fs.readFileSync(SCALEOUT_RESULTS_JSON, 'utf8')) as Results));
    return;
  }
  const options = parseOptions(process.argv.slice(2));
  const nginxBinary = findNginx();
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install nginx)');
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const { url, listed } = await prepareBenchDatabase(MYSQL_SERVER_URL, `hiraku_bench_scaleout_${options.reports}`, options);

  const running: ServerProcess[] = [];
  const proxies: RunningNginx[] = [];
  const figures: Figure[] = [];
  try {
    // Everything up at once, measured in turns (run 1 of each setup, then run 2 of each...), so a change
    // in the shared machine's load falls on every setup alike. An idle second process costs no CPU.
    for (const port of PORTS.apis) running.push(await startApi(port, url));
    proxies.push(await startNginx(nginxBinary, { port: PORTS.nginxOne, upstreams: [`${HOST}:${PORTS.apis[0]}`] }));
    proxies.push(await startNginx(nginxBinary, { port: PORTS.nginxTwo, upstreams: PORTS.apis.map((port) => `${HOST}:${port}`) }));
    const targets: Record<Setup['key'], { baseUrl: string; pids: number[] }> = {
      'direct-1': { baseUrl: `http://${HOST}:${PORTS.apis[0]}`, pids: [running[0]?.pid ?? 0] },
      'nginx-1': { baseUrl: proxies[0]?.url ?? '', pids: [running[0]?.pid ?? 0] },
      'nginx-2': { baseUrl: proxies[1]?.url ?? '', pids: running.map((api) => api.pid) },
    };
    const readers: MemberSession[] = await signInMembers(targets['direct-1'].baseUrl, READERS);
    const reader = (connection: number) => readers[connection % readers.length] as MemberSession;
    const get = (pathname: string, session: MemberSession): RequestSpec => ({ method: 'GET', path: pathname, headers: session.headers });
    const scenarios: Scenario[] = [
      { key: 'feed-new-first', label: 'GET /api/reports/infinite?sort=new (first page)', rotation: (c) => get('/api/reports/infinite?sort=new', reader(c)) },
      { key: 'detail', label: 'GET /api/reports/{id} (200 reports in turn)', rotation: detailScenario(readers, spreadIds(listed, 200, 7)).rotation },
    ];

    for (const scenario of scenarios) {
      const load = { rotation: scenario.rotation, connections: options.connections };
      const collected = new Map<Setup['key'], { runs: LoadFigures[]; cores: number[]; loadAverages: number[] }>();
      for (const setup of SETUPS) {
        await runLoadOnce({ ...load, baseUrl: targets[setup.key].baseUrl, seconds: 2 });
        collected.set(setup.key, { runs: [], cores: [], loadAverages: [] });
      }
      for (let run = 1; run <= options.runs; run += 1) {
        for (const setup of SETUPS) {
          const target = targets[setup.key];
          const entry = collected.get(setup.key);
          if (!entry) continue;
          const loadAverage = os.loadavg()[0] ?? Number.NaN;
          const cpuBefore = target.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
          const started = performance.now();
          const result = await runLoadOnce({ ...load, baseUrl: target.baseUrl, seconds: options.seconds });
          const cores = (target.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore) / ((performance.now() - started) / 1000);
          entry.runs.push(result);
          entry.cores.push(cores);
          entry.loadAverages.push(loadAverage);
          console.info(`  ${scenario.key} run ${run}, ${setup.label}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(0)} ms, API CPU ${cores.toFixed(2)} cores, load average ${loadAverage.toFixed(1)}`);
        }
      }
      for (const setup of SETUPS) {
        const entry = collected.get(setup.key);
        if (!entry) continue;
        const pick = (key: keyof LoadFigures) => median(entry.runs.map((run) => run[key]));
        figures.push({
          setup: setup.key,
          scenario: scenario.key,
          requestsPerSecond: pick('requestsPerSecond'),
          p50: pick('p50'),
          p99: pick('p99'),
          failures: entry.runs.reduce((sum, run) => sum + run.failures, 0),
          apiCores: median(entry.cores),
          loadAverages: entry.loadAverages,
          runs: entry.runs,
        });
      }
    }

    const results = {
      date: new Date().toISOString(),
      command: `npm run bench:scaleout -- ${process.argv.slice(2).join(' ')}`.trim(),
      machine: { cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      options,
      listedReports: listed,
      scenarios: scenarios.map(({ key, label }) => ({ key, label })),
      setups: SETUPS,
      figures,
    };
    fs.writeFileSync(SCALEOUT_RESULTS_JSON, `${JSON.stringify(results, null, 2)}\n`);
    writeScaleOutSection(renderSection(results));
    console.info(`wrote ${SCALEOUT_RESULTS_JSON} and the scale-out section of ${RESULTS_MD}`);
  } finally {
    for (const proxy of proxies) await proxy.stop();
    await Promise.all(running.map((api) => api.stop()));
  }
}

type Results = {
  date: string;
  command: string;
  machine: { cpus: string; memoryGiB: number; node: string };
  options: Options;
  listedReports: number;
  scenarios: Array<{ key: string; label: string }>;
  setups: Setup[];
  figures: Figure[];
};

/** What the figures can and cannot say, from the CPU the API processes got and the machine's load. */
function interpretation(results: Results): string {
  const cores = Number.parseInt(results.machine.cpus, 10) || os.cpus().length;
  const loads = results.figures.flatMap((figure) => figure.loadAverages);
  const load = median(loads);
  const mostApiCores = Math.max(...results.figures.map((figure) => figure.apiCores));
  const twoCores = median(results.figures.filter((figure) => figure.setup === 'nginx-2').map((figure) => figure.apiCores));
  const oneCores = median(results.figures.filter((figure) => figure.setup === 'nginx-1').map((figure) => figure.apiCores));
  if (load >= cores) {
    return (
      `What this shows: the machine's ${cores} cores were saturated (load average about ${load.toFixed(1)}: the load generator, nginx, MariaDB, Redis ` +
      `and the API processes share them, plus any other work). One API process used ${oneCores.toFixed(2)} cores, two together ${twoCores.toFixed(2)} ` +
      `(at most ${mostApiCores.toFixed(2)} in any run): a second process adds throughput only with the cores left over, where the request is bound by ` +
      "the API's own CPU rather than by MariaDB or the load generator. Next step: the API processes on hosts of their own (or a machine with more cores), " +
      'with `npm run bench:scaleout -- --reuse-data`.'
    );
  }
  return (
    `What this shows: with the machine's load average at about ${load.toFixed(1)} on ${cores} cores, one API process used ${oneCores.toFixed(2)} cores and two used ${twoCores.toFixed(2)}. ` +
    'A second process adds throughput as long as a core is idle for it; nginx, MariaDB and the load generator share the same cores here, so on separate hosts the gain is larger.'
  );
}

function renderSection(results: Results): string {
  const lines: string[] = [];
  const find = (setup: string, scenario: string) => results.figures.find((f) => f.setup === setup && f.scenario === scenario);
  lines.push('## Scale-out: one and two API processes behind nginx');
  lines.push('');
  lines.push(
    `Run ${results.date.slice(0, 16).replace('T', ' ')} UTC on ${results.machine.cpus}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}: ` +
      `${results.listedReports.toLocaleString('en')} listed reports, ${results.options.connections} connections, median of ${results.options.runs} runs of ${results.options.seconds} s after a warm-up, the three setups measured in turns. ` +
      'API processes as deployed (`HIRAKU_ROLE=api`, `NODE_ENV=production`, Redis for rate limits, signed-in members), Debian\'s nginx with the configuration of docs/deployment.md (round robin, keep-alive). ' +
      'nginx, MariaDB, Redis and the load generator share the same cores with the API processes, and the machine is shared with other work (load average in the table).',
  );
  lines.push('');
  lines.push('| request | setup | req/s | p50 ms | p99 ms | failures | API CPU (cores) | load average |');
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const scenario of results.scenarios) {
    for (const setup of results.setups) {
      const f = find(setup.key, scenario.key);
      if (!f) continue;
      const loads = f.loadAverages.map((value) => value.toFixed(0)).join(', ');
      lines.push(`| ${scenario.label} | ${setup.label} | ${f.requestsPerSecond.toFixed(0)} | ${f.p50.toFixed(0)} | ${f.p99.toFixed(0)} | ${f.failures} | ${f.apiCores.toFixed(2)} | ${loads} |`);
    }
  }
  lines.push('');
  for (const scenario of results.scenarios) {
    const one = find('nginx-1', scenario.key)?.requestsPerSecond;
    const two = find('nginx-2', scenario.key)?.requestsPerSecond;
    if (one && two) lines.push(`- ${scenario.label}: two processes serve **${(two / one).toFixed(2)}x** the throughput of one behind nginx.`);
  }
  lines.push('');
  lines.push(interpretation(results));
  lines.push('');
  lines.push(`Command: \`${results.command}\` (raw figures: \`bench/scaleout-results.json\`).`);
  return lines.join('\n');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
