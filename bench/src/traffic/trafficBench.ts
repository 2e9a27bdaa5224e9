/**
 * `npm run bench:traffic -- --database hiraku_bench_<n>`: real traffic, as members make it.
 * `--members` signed-in members (default 500), each in its own session with its own state: scrolling a
 * sort from the top to a depth of its own with the cursors the API gave it, searching from
 * `--combinations` distinct word × filter × sort × offset combinations drawn Zipf-like, opening reports
 * it saw, liking (1 request in 20) and commenting (1 in 100), polling the bell every 30 s, and (with
 * `--streams`) holding its notification stream open. Requests are offered open-loop at `--rate` a second
 * (arrivals do not wait for answers, as members do not), each member one request at a time. Two search
 * draws: `hot` (popular combinations come back, as members' words do) and `cold` (no combination twice
 * within a second, so no short cache can answer). Reports per request type p50, p95, p99 and the rate
 * served, the API's CPU per request and its peak RSS. Writes bench/traffic-results.json.
 *
 * The whole run is made twice, with the caches on (the product) and off (HIRAKU_CACHES=off), each in a
 * fresh API process; `--no-caches-off` or `--no-caches-on` skips one. Each run reports every named
 * cache's lookups and hit rate (the bench server's stats port). `--only <type>` (scroll, search, detail,
 * like, comment or bell) offers that request type alone: its own CPU and statements per request.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SORT_OPTIONS, type ReportPage, type SortOption } from '@hiraku/shared';
import mysql, { type RowDataPacket } from 'mysql2/promise';
import { BENCH_DIR, MYSQL_SERVER_URL } from '../config';
import { createRandom, type Random } from '../data/corpus';
import { databaseUrl } from '../data/database';
import { parseCliFlags } from '../load/cliFlags';
import { signInMembers, type MemberSession } from '../load/sessions';
import { startBenchMeilisearch } from '../meili';
import { appServerOptions, startBenchServer, type CacheStats } from '../server/processes';
import { searchCombinations, searchDrawer, searchPath, type SearchCombination } from './searchMix';

const RESULTS_FILE = path.join(BENCH_DIR, 'traffic-results.json');
const BELL_EVERY_MS = 30_000;
/** Of the requests other than the bell: what members do, in shares of 100. */
const ACTION_SHARES = { scroll: 45, search: 30, detail: 19, like: 5, comment: 1 } as const;
type Action = keyof typeof ACTION_SHARES;
type RequestType = 'feed first page' | 'feed deeper page' | 'search' | 'detail' | 'like' | 'comment' | 'bell';

interface MemberState {
  session: MemberSession;
  busy: boolean;
  sort: SortOption;
  cursor: string | null;
  pagesLeft: number;
  seen: number[];
}

interface Sample {
  type: RequestType;
  ms: number;
  status: number;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

function pickAction(random: Random): Action {
  let roll = random.next() * 100;
  for (const [action, share] of Object.entries(ACTION_SHARES) as [Action, number][]) {
    roll -= share;
    if (roll < 0) return action;
  }
  return 'scroll';
}

/** A new scroll: a sort, from the top, to a depth drawn so that most stop early and a few go far. */
function startScroll(member: MemberState, random: Random): void {
  member.sort = random.pick(SORT_OPTIONS);
  member.cursor = null;
  member.pagesLeft = Math.min(200, 1 + Math.floor(-Math.log(1 - random.next()) * 8));
}

async function timed(type: RequestType, url: string, init: RequestInit, samples: Sample[]): Promise<Response | null> {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    const body = await response.arrayBuffer();
    samples.push({ type, ms: performance.now() - started, status: response.status });
    return new Response(body, { status: response.status, headers: response.headers });
  } catch {
    samples.push({ type, ms: performance.now() - started, status: 0 });
    return null;
  }
}

const CACHE_SETTINGS = ['on', 'off'] as const;
type CacheSetting = (typeof CACHE_SETTINGS)[number];

interface RunFigures {
  /** HIRAKU_CACHES of the API process. */
  caches: CacheSetting;
  mode: 'hot' | 'cold';
  offeredPerSecond: number;
  seconds: number;
  served: number;
  /** Arrivals dropped because every member was waiting for an answer: the API could not keep up. */
  droppedArrivals: number;
  searchesWithoutColdCombination: number;
  apiCpuMsPerRequest: number;
  /** Of apiCpuMsPerRequest, the kernel's (system time: the process's socket writes and reads). */
  apiSystemCpuMsPerRequest: number;
  /** SQL statements the API process sent per request. */
  statementsPerRequest: number;
  apiMaxRssMiB: number;
  byType: Record<string, { count: number; perSecond: number; p50: number; p95: number; p99: number; failures: number }>;
  cacheHitRates: Record<string, { lookups: number; hitRate: number }>;
  loadAverage: number[];
}

async function runTraffic(
  baseUrl: string,
  members: MemberState[],
  combos: readonly SearchCombination[],
  options: { mode: 'hot' | 'cold'; rate: number; seconds: number; seed: number; maxReportId: number; only?: Action | 'bell' },
): Promise<{ samples: Sample[]; dropped: number; noCombination: number }> {
  const random = createRandom(options.seed);
  const drawSearch = searchDrawer(combos, random, options.mode);
  const samples: Sample[] = [];
  let dropped = 0;
  let noCombination = 0;
  const inFlight = new Set<Promise<void>>();
  const get = (member: MemberState, type: RequestType, pathname: string) => timed(type, `${baseUrl}${pathname}`, { headers: member.session.headers }, samples);
  const post = (member: MemberState, type: RequestType, pathname: string, body?: unknown) =>
    timed(type, `${baseUrl}${pathname}`, { method: 'POST', headers: { ...member.session.headers, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }, samples);
  const seenReport = (member: MemberState) => (member.seen.length > 0 ? random.pick(member.seen) : random.int(1, options.maxReportId));

  const act = async (member: MemberState, action: Action | 'bell'): Promise<void> => {
    switch (action) {
      case 'bell':
        await get(member, 'bell', '/api/notifications/unread-count');
        return;
      case 'scroll': {
        if (member.pagesLeft <= 0) startScroll(member, random);
        const query = new URLSearchParams({ sort: member.sort, ...(member.cursor ? { lastKey: member.cursor } : {}) });
        const response = await get(member, member.cursor ? 'feed deeper page' : 'feed first page', `/api/reports/infinite?${query.toString()}`);
        if (response?.status !== 200) return startScroll(member, random);
        const page = (await response.json()) as ReportPage;
        member.seen = page.data.map((report) => report._id);
        member.pagesLeft -= 1;
        if (!page.hasMore || !page.nextKey) startScroll(member, random);
        else member.cursor = page.nextKey;
        return;
      }
      case 'search': {
        const combo = drawSearch();
        if (!combo) {
          noCombination += 1;
          return;
        }
        await get(member, 'search', searchPath(combo));
        return;
      }
      case 'detail':
        await get(member, 'detail', `/api/reports/${seenReport(member)}`);
        return;
      case 'like':
        await post(member, 'like', `/api/likes/${seenReport(member)}/toggle`);
        return;
      case 'comment':
        await post(member, 'comment', '/api/comments', { articleId: seenReport(member), text: `ベンチマークのコメント ${random.int(1, 1_000_000)}` });
        return;
    }
  };

  const dispatch = (action: Action | 'bell', preferred?: MemberState) => {
    const member = preferred && !preferred.busy ? preferred : members.find((candidate, index) => !candidate.busy && index >= random.int(0, members.length - 1)) ?? members.find((m) => !m.busy);
    if (!member) {
      dropped += 1;
      return;
    }
    member.busy = true;
    const running = act(member, action).finally(() => {
      member.busy = false;
      inFlight.delete(running);
    });
    inFlight.add(running);
  };

  // One request type alone (--only): all the rate is that type's, the bell's included.
  const bellRate = options.only ? 0 : members.length / (BELL_EVERY_MS / 1000);
  const actionRate = Math.max(0, options.rate - bellRate);
  const endAt = performance.now() + options.seconds * 1000;
  let nextAction = performance.now();
  let nextBell = performance.now();
  let bellMember = 0;
  const exponential = (perSecond: number) => (-Math.log(1 - random.next()) / perSecond) * 1000;
  while (performance.now() < endAt) {
    const now = performance.now();
    while (nextAction <= now && actionRate > 0) {
      dispatch(options.only ?? pickAction(random));
      nextAction += exponential(actionRate);
    }
    while (bellRate > 0 && nextBell <= now) {
      // Each member in turn: one member's bell comes every BELL_EVERY_MS.
      dispatch('bell', members[bellMember % members.length]);
      bellMember += 1;
      nextBell += 1000 / bellRate;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(nextAction, bellRate > 0 ? nextBell : Number.POSITIVE_INFINITY) - performance.now())));
  }
  await Promise.all(inFlight);
  return { samples, dropped, noCombination };
}

/** Holds `count` members' notification streams open until `signal` aborts; resolves with how many opened. */
async function openStreams(baseUrl: string, members: readonly MemberState[], count: number, signal: AbortSignal): Promise<number> {
  let opened = 0;
  await Promise.all(
    members.slice(0, count).map(async (member) => {
      try {
        const response = await fetch(`${baseUrl}/api/notifications/stream`, { headers: member.session.headers, signal });
        if (response.status !== 200 || !response.body) return;
        opened += 1;
        void response.body.pipeTo(new WritableStream(), { signal }).catch(() => undefined);
      } catch {
        // Counted as not opened.
      }
    }),
  );
  return opened;
}

function summarise(
  caches: CacheSetting,
  mode: 'hot' | 'cold',
  rate: number,
  seconds: number,
  run: { samples: Sample[]; dropped: number; noCombination: number },
  used: { cpuMs: number; systemMs: number; queries: number },
  maxRss: number,
  cacheHitRates: RunFigures['cacheHitRates'],
): RunFigures {
  const perRequest = (total: number) => (run.samples.length > 0 ? total / run.samples.length : Number.NaN);
  const byType: RunFigures['byType'] = {};
  const types = [...new Set(run.samples.map((sample) => sample.type))].sort();
  for (const type of types) {
    const own = run.samples.filter((sample) => sample.type === type);
    const sorted = own.map((sample) => sample.ms).sort((a, b) => a - b);
    byType[type] = {
      count: own.length,
      perSecond: own.length / seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      failures: own.filter((sample) => sample.status === 0 || sample.status >= 500 || (sample.status >= 400 && sample.type !== 'detail' && sample.type !== 'like' && sample.type !== 'comment')).length,
    };
  }
  return {
    caches,
    mode,
    offeredPerSecond: rate,
    seconds,
    served: run.samples.length,
    droppedArrivals: run.dropped,
    searchesWithoutColdCombination: run.noCombination,
    apiCpuMsPerRequest: perRequest(used.cpuMs),
    apiSystemCpuMsPerRequest: perRequest(used.systemMs),
    statementsPerRequest: perRequest(used.queries),
    apiMaxRssMiB: maxRss / 1024 / 1024,
    byType,
    cacheHitRates,
    loadAverage: os.loadavg().map((value) => Math.round(value * 10) / 10),
  };
}

/** Each named cache's lookups during a run and the share answered from memory (hits, shared loads included). */
function hitRates(before: readonly CacheStats[], after: readonly CacheStats[]): RunFigures['cacheHitRates'] {
  const rates: RunFigures['cacheHitRates'] = {};
  for (const cache of after) {
    const earlier = before.find((entry) => entry.name === cache.name);
    const hits = cache.hits - (earlier?.hits ?? 0);
    const lookups = hits + cache.misses - (earlier?.misses ?? 0);
    rates[cache.name] = { lookups, hitRate: lookups > 0 ? hits / lookups : 0 };
  }
  return rates;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const flags = parseCliFlags(argv, ['streams', 'no-caches-on', 'no-caches-off']);
  const database = argv.includes('--database') ? String(argv[argv.indexOf('--database') + 1]) : 'hiraku_bench_100000';
  const memberCount = flags.int('members', 500);
  const rate = flags.int('rate', 300);
  const seconds = flags.int('seconds', 60);
  const combinationCount = flags.int('combinations', 2_000);
  const only = argv.includes('--only') ? String(argv[argv.indexOf('--only') + 1]) : undefined;
  if (only !== undefined && only !== 'bell' && !(only in ACTION_SHARES)) throw new Error(`--only expects bell or one of ${Object.keys(ACTION_SHARES).join(', ')}`);
  const url = databaseUrl(MYSQL_SERVER_URL, database);
  const conn = await mysql.createConnection({ uri: url, timezone: 'Z' });
  const [[range]] = await conn.query<RowDataPacket[]>('SELECT MAX(id) AS maxId, COUNT(*) AS n FROM reports');
  const [tagRows] = await conn.query<RowDataPacket[]>('SELECT DISTINCT kind, tag_id AS id FROM report_tags');
  await conn.end();
  const tags = {
    playCategory: tagRows.filter((row) => row.kind === 'playCategory').map((row) => Number(row.id)),
    playContent: tagRows.filter((row) => row.kind === 'playContent').map((row) => Number(row.id)),
  };
  const combos = searchCombinations(combinationCount, tags, createRandom(33));

  const meili = await startBenchMeilisearch();
  const runs: RunFigures[] = [];
  try {
    // The same traffic with the caches on (the product) and off (HIRAKU_CACHES=off: every read reaches the
    // database or the engine), each in a fresh API process with its own members' sessions.
    for (const caches of CACHE_SETTINGS.filter((setting) => !flags.has(`no-caches-${setting}`))) {
      const server = await startBenchServer(appServerOptions(url, meili, { HIRAKU_CACHES: caches }));
      const streamsAbort = new AbortController();
      try {
        console.info(`  caches ${caches}: ${Number(range?.n).toLocaleString('en')} reports; signing in ${memberCount} members`);
        const sessions = await signInMembers(server.baseUrl, memberCount);
        const random = createRandom(7);
        const members: MemberState[] = sessions.map((session) => {
          const member: MemberState = { session, busy: false, sort: 'new', cursor: null, pagesLeft: 0, seen: [] };
          startScroll(member, random);
          return member;
        });
        const streams = flags.has('streams') ? await openStreams(server.baseUrl, members, members.length, streamsAbort.signal) : 0;
        if (flags.has('streams')) console.info(`  ${streams} notification streams open`);
        for (const [index, mode] of (['hot', 'cold'] as const).entries()) {
          const before = await server.memory(true);
          const cachesBefore = (await server.caches?.()) ?? [];
          const run = await runTraffic(server.baseUrl, members, combos, { mode, rate, seconds, seed: 100 + index, maxReportId: Number(range?.maxId), ...(only ? { only: only as Action | 'bell' } : {}) });
          const after = await server.memory();
          const cachesAfter = (await server.caches?.()) ?? [];
          const consumed = {
            cpuMs: (after.cpuMs ?? Number.NaN) - (before.cpuMs ?? Number.NaN),
            systemMs: (after.systemMs ?? Number.NaN) - (before.systemMs ?? Number.NaN),
            queries: (after.queries ?? Number.NaN) - (before.queries ?? Number.NaN),
          };
          const figures = summarise(caches, mode, rate, seconds, run, consumed, after.maxRss, hitRates(cachesBefore, cachesAfter));
          runs.push(figures);
          console.info(`  caches ${caches}, ${mode}: offered ${rate}/s for ${seconds} s, served ${(figures.served / seconds).toFixed(0)}/s, dropped ${figures.droppedArrivals}, API CPU ${figures.apiCpuMsPerRequest.toFixed(2)} ms/request (kernel ${figures.apiSystemCpuMsPerRequest.toFixed(2)}), ${figures.statementsPerRequest.toFixed(1)} statements/request`);
          for (const [type, row] of Object.entries(figures.byType)) {
            console.info(`    ${type.padEnd(18)} ${row.perSecond.toFixed(1).padStart(6)}/s  p50 ${row.p50.toFixed(1)} ms  p95 ${row.p95.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  failures ${row.failures}`);
          }
          const used = Object.entries(figures.cacheHitRates).filter(([, rate]) => rate.lookups > 0);
          if (used.length > 0) console.info(`    caches: ${used.map(([name, rate]) => `${name} ${(rate.hitRate * 100).toFixed(0)} % of ${rate.lookups}`).join(', ')}`);
        }
      } finally {
        streamsAbort.abort();
        await server.stop();
      }
    }
  } finally {
    await meili.stop();
  }
  fs.writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ started: new Date().toISOString(), database, members: memberCount, combinations: combinationCount, machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`, runs }, null, 2)}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
