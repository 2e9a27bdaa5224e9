import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { BENCH_DIR, HOST, MYSQL_SERVER_URL, RESULTS_MD, WORK_DIR } from '../config';
import { prepareBenchDatabase } from '../data/database';
import { parseCliFlags } from '../load/cliFlags';
import { runLoadOnce, type LoadFigures, type RequestSpec } from '../load/runLoad';
import { commentScenario, likeableBy, likeScenario, spreadIds } from '../load/scenarios';
import { signIn, signInMembers, type MemberSession } from '../load/sessions';
import { writeMarkedSection } from '../scaleout/resultsSection';
import { cpuProfileArgs, startBenchServer, type RunningProcess } from '../server/processes';
import { startServerProcess, type ServerProcess } from '../../../server/test/support/serverProcess';
import { PENDING_NOTIFICATION_WORK_SQL } from '../../../server/src/notifications/events';

/**
 * `npm run bench:notifications`, on one API process and one worker process (HIRAKU_ROLE api and
 * worker, Redis between them, as docs/deployment.md deploys them) against MariaDB:
 * - the like toggle and the comment create with their notification write and without it (the bench
 *   server's switch skips notify()'s one insert, which is what these writes were before), in turns in
 *   the same run;
 * - the time from a comment's answer to its `notification` event at the report author's open stream,
 *   while 16 connections send mixed traffic (feed pages, likes, comments);
 * - 2,000 open streams on the process: its RSS before and with them, per stream, and a notification
 *   still reaching all of one member's streams.
 * Writes bench/notifications-results.json and the notifications section of bench/RESULTS.md.
 */

/** From `--port` (3281 by default): the API, its stats port, and an address where no Meilisearch answers. */
const portsFrom = (base: number) => ({ api: base, stats: base + 1, deadMeilisearch: base + 8 });
const RESULTS_JSON = path.join(BENCH_DIR, 'notifications-results.json');
const WRITERS = 48;
const READERS = 16;
const PROBE_AUTHOR = WRITERS + READERS;
const PROBE_COMMENTER = PROBE_AUTHOR + 1;

interface Options {
  reports: number;
  members: number;
  runs: number;
  seconds: number;
  connections: number;
  streams: number;
  reuseData: boolean;
  /** The notification worker inside the API process (HIRAKU_ROLE=all, as `npm start`), no Redis. */
  workerInApi: boolean;
  port: number;
}

function parseOptions(argv: string[]): Options {
  const flags = parseCliFlags(argv, ['reuse-data', 'worker-in-api']);
  return {
    reports: flags.int('reports', 10_000),
    members: flags.int('members', 500),
    runs: flags.int('runs', 3),
    seconds: flags.int('seconds', 8),
    connections: flags.int('connections', 16),
    streams: flags.int('streams', 2_000),
    reuseData: flags.has('reuse-data'),
    workerInApi: flags.has('worker-in-api'),
    port: flags.int('port', 3281),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};

/** An open event stream read with node's http (thousands at once): each event's name and arrival time. */
interface BenchStream {
  events: Array<{ event: string; at: number }>;
  firstEvent: Promise<void>;
  next(name: string, after: number, timeoutMs: number): Promise<number>;
  close(): void;
}

function openStream(baseUrl: string, session: MemberSession): BenchStream {
  const events: Array<{ event: string; at: number }> = [];
  const waiters = new Set<() => void>();
  let resolveFirst: () => void = () => undefined;
  let rejectFirst: (error: Error) => void = () => undefined;
  const firstEvent = new Promise<void>((resolve, reject) => {
    resolveFirst = resolve;
    rejectFirst = reject;
  });
  const req = http.get(`${baseUrl}/api/notifications/stream`, { agent: false, headers: { accept: 'text/event-stream', cookie: session.headers.cookie ?? '' } }, (res) => {
    if (res.statusCode !== 200) rejectFirst(new Error(`stream answered ${res.statusCode}`));
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let split: number;
      while ((split = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const name = /^event: (.+)$/m.exec(block)?.[1];
        if (!name) continue;
        events.push({ event: name, at: performance.now() });
        resolveFirst();
        for (const waiter of waiters) waiter();
      }
    });
  });
  req.on('error', (error) => rejectFirst(error));
  return {
    events,
    firstEvent,
    close: () => req.destroy(),
    next(name, after, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.filter((event) => event.event === name)[after];
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found.at);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${name} event #${after + 1} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

async function post(baseUrl: string, spec: RequestSpec): Promise<number> {
  const res = await fetch(`${baseUrl}${spec.path}`, { method: spec.method, headers: { 'content-type': 'application/json', ...spec.headers }, body: spec.body });
  await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${spec.method} ${spec.path} answered ${res.status}`);
  return performance.now();
}

/** Waits until the worker has made every notification queued so far (the write phase leaves a queue). */
async function outboxDrained(conn: mysql.Connection, quiet = false): Promise<number> {
  const started = performance.now();
  for (;;) {
    const [[row]] = await conn.query<mysql.RowDataPacket[]>(PENDING_NOTIFICATION_WORK_SQL);
    if (Number(row?.n) === 0) break;
    if (performance.now() - started > 600_000) throw new Error('the notification work did not drain within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  if (!quiet) console.info(`  notification work drained ${seconds.toFixed(1)} s after the write phase`);
  return seconds;
}

async function switchNotifications(statsPort: number, on: boolean): Promise<void> {
  await (await fetch(`http://${HOST}:${statsPort}/notifications/${on ? 'on' : 'off'}`)).arrayBuffer();
}

/** One write run's figures, with the API process's CPU time and statements per request, fan-out included when it runs there. */
type WriteRun = LoadFigures & { cpuMsPerRequest: number; queriesPerRequest: number; drainSeconds: number };

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const PORTS = portsFrom(options.port);
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const { url, listed } = await prepareBenchDatabase(MYSQL_SERVER_URL, `hiraku_bench_notifications_${options.reports}`, options);
  const conn = await mysql.createConnection(url);

  let api: RunningProcess | null = null;
  let worker: ServerProcess | null = null;
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const shared: Record<string, string> = options.workerInApi ? {} : { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: 'hiraku_bench_notifications:' };
  try {
    // As deployed (docs/deployment.md): the API process serves, a worker process makes the notifications
    // and publishes them on Redis, so a write's time is its own and not the fan-out's. With
    // --worker-in-api, as `npm start` runs: one process does both, its bus in-process.
    if (!options.workerInApi) worker = startServerProcess(
      {
        NODE_ENV: 'production',
        HIRAKU_ROLE: 'worker',
        DATA_DIR: path.join(WORK_DIR, 'notifications-worker'),
        DATABASE_URL: url,
        MEILI_HOST: `http://${HOST}:${PORTS.deadMeilisearch}`,
        MEILI_MASTER_KEY: 'none',
        MEILI_INDEX_PREFIX: 'bench_notifications_',
        LOG_LEVEL: 'error',
        ...shared,
      },
      'notification worker',
      // BENCH_CPU_PROFILE_DIR profiles the worker as well as the API.
      { nodeArgs: cpuProfileArgs() },
    );
    await worker?.waitFor(/ひらく のワーカーを起動しました/);
    api = await startBenchServer({
      port: PORTS.api,
      statsPort: PORTS.stats,
      databaseUrl: url,
      // Writes queue their search changes; nothing listens here, so no engine competes for the CPU.
      meiliHost: `http://${HOST}:${PORTS.deadMeilisearch}`,
      meiliKey: 'none',
      indexPrefix: 'bench_notifications_',
      dataDir: path.join(WORK_DIR, 'notifications-data'),
      env: { HIRAKU_ROLE: options.workerInApi ? 'all' : 'api', ...shared },
    });
    const { baseUrl } = api;
    const writers = await signInMembers(baseUrl, WRITERS);
    const readers = await signInMembers(baseUrl, READERS, WRITERS);
    const probeAuthor = await signIn(baseUrl, PROBE_AUTHOR);
    const probeCommenter = await signIn(baseUrl, PROBE_COMMENTER);
    const [own] = await conn.query<mysql.RowDataPacket[]>(
      'SELECT r.id FROM reports r JOIN users u ON u.id = r.author_id WHERE u.email = ? AND r.listed = 1 ORDER BY r.id LIMIT 1',
      [probeAuthor.email],
    );
    const probeReport = Number(own[0]?.id);
    if (!probeReport) throw new Error('the probe author has no listed report');

    // 1. The writes with and without their notification, in turns.
    const ids = spreadIds(listed, 400, 11);
    const likeIds = await likeableBy(conn, writers, ids);
    const writes = [likeScenario(writers, likeIds), commentScenario(writers, ids)];
    const writeFigures: Record<string, { off: WriteRun[]; on: WriteRun[] }> = {};
    for (const scenario of writes) {
      writeFigures[scenario.key] = { off: [], on: [] };
      await runLoadOnce({ baseUrl, rotation: scenario.rotation, connections: options.connections, seconds: 2 });
      for (let run = 1; run <= options.runs; run += 1) {
        for (const on of [false, true]) {
          await switchNotifications(PORTS.stats, on);
          const before = await api.memory();
          const load = await runLoadOnce({ baseUrl, rotation: scenario.rotation, connections: options.connections, seconds: options.seconds });
          // The run's fan-out is finished before the next run starts (and counted here when it runs in the API process).
          const drainSeconds = await outboxDrained(conn, true);
          const after = await api.memory();
          const result: WriteRun = {
            ...load,
            cpuMsPerRequest: ((after.cpuMs ?? 0) - (before.cpuMs ?? 0)) / Math.max(load.requests, 1),
            queriesPerRequest: ((after.queries ?? 0) - (before.queries ?? 0)) / Math.max(load.requests, 1),
            drainSeconds,
          };
          writeFigures[scenario.key]?.[on ? 'on' : 'off'].push(result);
          console.info(
            `  ${scenario.key} run ${run}, notifications ${on ? 'on ' : 'off'}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
              `API process ${result.cpuMsPerRequest.toFixed(2)} ms CPU and ${result.queriesPerRequest.toFixed(1)} statements per request, outbox drained ${drainSeconds.toFixed(1)} s after, load ${os.loadavg()[0]?.toFixed(1)}`,
          );
        }
      }
    }
    await switchNotifications(PORTS.stats, true);
    await outboxDrained(conn);

    // 2. A comment's answer to its event at the author's stream, under mixed traffic.
    const stream = openStream(baseUrl, probeAuthor);
    await stream.firstEvent;
    const reader = (c: number) => readers[c % readers.length] as MemberSession;
    const like = likeScenario(writers, likeIds).rotation;
    const comment = commentScenario(writers, ids).rotation;
    const mixed = (c: number, i: number): RequestSpec =>
      i % 4 === 0 ? like(c, i) : i % 4 === 1 ? comment(c, i) : { method: 'GET', path: '/api/reports/infinite?sort=new', headers: reader(c).headers };
    const latencies: number[] = [];
    let stop = false;
    const probing = (async () => {
      let seen = 0;
      while (!stop) {
        const answered = await post(baseUrl, {
          method: 'POST',
          path: '/api/comments',
          headers: probeCommenter.headers,
          body: JSON.stringify({ articleId: probeReport, text: `計測用のコメント ${seen + 1}` }),
        });
        const arrived = await stream.next('notification', seen, 120_000);
        seen += 1;
        latencies.push(arrived - answered);
      }
    })();
    const load = await runLoadOnce({ baseUrl, rotation: mixed, connections: options.connections, seconds: options.seconds * 3 });
    stop = true;
    await probing;
    stream.close();
    console.info(`  comment -> event under load: ${latencies.length} probes, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms; load ${load.requestsPerSecond.toFixed(0)} req/s`);

    // 3. Many open streams on the one process.
    const holders = [...writers, ...readers];
    const before = (await api.memory(true)).rss;
    const streams: BenchStream[] = [];
    for (let i = 0; i < options.streams; i += 1) {
      streams.push(openStream(baseUrl, holders[i % holders.length] as MemberSession));
      if (i % 100 === 99) await Promise.all(streams.slice(-100).map((s) => s.firstEvent));
    }
    await Promise.all(streams.map((s) => s.firstEvent));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const withStreams = await api.memory();
    // One member's streams all hear of a comment on their report.
    const holder = holders[0] as MemberSession;
    const [held] = await conn.query<mysql.RowDataPacket[]>(
      'SELECT r.id FROM reports r JOIN users u ON u.id = r.author_id WHERE u.email = ? AND r.listed = 1 ORDER BY r.id LIMIT 1',
      [holder.email],
    );
    // A member keeps at most 5 open streams (the oldest are closed with a final `closed` event): those left open.
    const mine = streams.filter((stream, index) => index % holders.length === 0 && !stream.events.some((event) => event.event === 'closed'));
    const counts = mine.map((s) => s.events.filter((event) => event.event === 'notification').length);
    const answered = await post(baseUrl, {
      method: 'POST',
      path: '/api/comments',
      headers: probeCommenter.headers,
      body: JSON.stringify({ articleId: Number(held[0]?.id), text: '多数の接続の計測' }),
    });
    const arrivals = await Promise.all(mine.map((s, index) => s.next('notification', counts[index] ?? 0, 20_000)));
    const fanOutMs = Math.max(...arrivals) - answered;
    for (const s of streams) s.close();
    console.info(
      `  ${options.streams} streams: RSS ${(before / 2 ** 20).toFixed(0)} -> ${(withStreams.rss / 2 ** 20).toFixed(0)} MiB, ${((withStreams.rss - before) / options.streams / 1024).toFixed(1)} KiB per stream; ${mine.length} streams of one member heard a comment within ${fanOutMs.toFixed(0)} ms`,
    );

    const pick = (runs: WriteRun[], key: keyof WriteRun) => median(runs.map((run) => run[key]));
    const results = {
      date: new Date().toISOString(),
      command: `npm run bench:notifications -- ${process.argv.slice(2).join(' ')}`.trim(),
      machine: { cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage: os.loadavg()[0] },
      options,
      listedReports: listed,
      writes: Object.fromEntries(
        Object.entries(writeFigures).map(([key, { off, on }]) => [
          key,
          {
            p50Off: pick(off, 'p50'),
            p50On: pick(on, 'p50'),
            ratio: pick(on, 'p50') / pick(off, 'p50'),
            rpsOff: pick(off, 'requestsPerSecond'),
            rpsOn: pick(on, 'requestsPerSecond'),
            cpuMsOff: pick(off, 'cpuMsPerRequest'),
            cpuMsOn: pick(on, 'cpuMsPerRequest'),
            queriesOff: pick(off, 'queriesPerRequest'),
            queriesOn: pick(on, 'queriesPerRequest'),
            off,
            on,
          },
        ]),
      ),
      latency: { probes: latencies.length, p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: Math.max(...latencies), loadRps: load.requestsPerSecond, loadFailures: load.failures },
      streams: { count: options.streams, rssBefore: before, rssWith: withStreams.rss, perStreamBytes: (withStreams.rss - before) / options.streams, memberStreams: mine.length, fanOutMs },
    };
    fs.writeFileSync(RESULTS_JSON, `${JSON.stringify(results, null, 2)}\n`);
    writeMarkedSection(renderSection(results), 'notifications');
    console.info(`wrote ${RESULTS_JSON} and the notifications section of ${RESULTS_MD}`);
  } finally {
    await conn.end();
    await api?.stop();
    await worker?.stop();
  }
}

type Results = {
  date: string;
  command: string;
  machine: { cpus: string; memoryGiB: number; node: string; loadAverage?: number };
  options: Options;
  listedReports: number;
  writes: Record<string, { p50Off: number; p50On: number; ratio: number; rpsOff: number; rpsOn: number; cpuMsOff: number; cpuMsOn: number; queriesOff: number; queriesOn: number }>;
  latency: { probes: number; p50: number; p95: number; max: number; loadRps: number; loadFailures: number };
  streams: { count: number; rssBefore: number; rssWith: number; perStreamBytes: number; memberStreams: number; fanOutMs: number };
};

function renderSection(results: Results): string {
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const lines = [
    '## Notifications (issue 20)',
    '',
    `\`${results.command}\`, ${results.date.slice(0, 10)}, ${results.listedReports.toLocaleString('en')} listed reports, ` +
      (results.options.workerInApi
        ? 'one process serving and making the notifications (HIRAKU_ROLE=all, as `npm start`, in-process bus), '
        : 'one API process and one worker process (HIRAKU_ROLE=api and worker, Redis between them), ') +
      `${results.machine.cpus}, Node ${results.machine.node}, load average ${results.machine.loadAverage?.toFixed(1) ?? '?'} at the end (the machine is shared).`,
    '',
    '| write | p50 without its notification | p50 with | ratio (goal ≤ 1.2) | req/s without | req/s with | API process CPU per request without / with | statements per request without / with |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...Object.entries(results.writes).map(
      ([key, w]) =>
        `| ${key} | ${w.p50Off.toFixed(1)} ms | ${w.p50On.toFixed(1)} ms | ${w.ratio.toFixed(2)}x | ${w.rpsOff.toFixed(0)} | ${w.rpsOn.toFixed(0)} | ` +
        `${w.cpuMsOff.toFixed(2)} / ${w.cpuMsOn.toFixed(2)} ms | ${w.queriesOff.toFixed(1)} / ${w.queriesOn.toFixed(1)} |`,
    ),
    '',
    `"Without" is the same process with the notification switched off (the bench server's switch): a new like or comment queues no notify() outbox row, which is what these writes were before issue 20. "With" is the product: one INSERT into notification_outbox in the write's transaction (issue 34), fanned out by the worker process. Runs alternate (off, on) ${results.options.runs} times, ${results.options.seconds} s each, ${results.options.connections} connections; medians. ` +
      'After each run the notification work (outbox and marked rows) is drained before the next starts; CPU time and statements are the API process\'s whole (its fan-out too when the worker runs in it) over that run and its drain, per request.',
    '',
    `- A comment's answer to its \`notification\` event at the author's open stream, under ${results.options.connections} connections of mixed traffic (feed pages, likes, comments; ${results.latency.loadRps.toFixed(0)} req/s): ` +
      `${results.latency.probes} comments one after another, p50 ${results.latency.p50.toFixed(1)} ms, p95 ${results.latency.p95.toFixed(1)} ms, max ${results.latency.max.toFixed(1)} ms.`,
    `- ${results.streams.count.toLocaleString('en')} open streams on the process: RSS ${mib(results.streams.rssBefore)} before, ${mib(results.streams.rssWith)} with them, ` +
      `${(results.streams.perStreamBytes / 1024).toFixed(1)} KiB per stream (socket, timers, the connection's entry). With them open, a comment reached all ${results.streams.memberStreams} streams of its report's author within ${results.streams.fanOutMs.toFixed(0)} ms.`,
  ];
  return lines.join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
