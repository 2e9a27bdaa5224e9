import os from 'node:os';
import { reportsIndexUid } from '@hiraku/search';
import type { LocalMeilisearch } from '@hiraku/search/src/localMeilisearch';
import mysql from 'mysql2/promise';
import { type BenchOptions, MEILI_INDEX_PREFIX, PORTS } from '../config';
import { runLoad, type MedianFigures, type RequestSpec } from '../load/runLoad';
import {
  broadSearchScenario,
  commentScenario,
  DEEP_REPORTS,
  detailScenario,
  feedScenarios,
  likeableBy,
  likeScenario,
  searchScenario,
  spreadIds,
  type Scenario,
} from '../load/scenarios';
import { signInMembers } from '../load/sessions';
import { countSqlPerRequest, send, type QueryCount } from '../load/sqlCount';
import { markTimeline } from '../server/memoryTimeline';
import { appServerOptions, startBenchServer, startReferenceServer, type BenchServerOptions } from '../server/processes';

export interface ScenarioFigures {
  key: string;
  label: string;
  api: MedianFigures;
  reference: MedianFigures;
  referenceKind: 'koa' | 'meilisearch';
  sqlPerRequest: QueryCount;
  /** Highest resident memory of the API process during this scenario's runs, MiB. */
  apiMaxRssMiB: number;
  /** 1-minute load average when the API runs began: the machine is shared. */
  loadAverage: number;
}

export interface FallbackFigures {
  queries: Array<{ path: string; status: number; ms: number; sql: number; source: unknown }>;
  p50: number;
  max: number;
}

export interface HttpFigures {
  scenarios: ScenarioFigures[];
  referenceRssMiB: number;
  apiRssAfterMiB: number;
  fallback: FallbackFigures;
}

const MiB = 2 ** 20;
const READERS = 16;
const WRITERS = 48;

export async function measureHttp(databaseUrl: string, meili: LocalMeilisearch, options: BenchOptions): Promise<HttpFigures> {
  const serverOptions = appServerOptions(databaseUrl, meili);
  const app = await startBenchServer(serverOptions);
  const conn = await mysql.createConnection({ uri: databaseUrl, timezone: 'Z' });
  const scenarios: ScenarioFigures[] = [];
  let search: Awaited<ReturnType<typeof searchScenario>>;
  const memory = { referenceRssMiB: 0, apiRssAfterMiB: 0 };
  try {
    markTimeline('signing in');
    const readers = await signInMembers(app.baseUrl, READERS);
    const writers = await signInMembers(app.baseUrl, WRITERS, READERS);
    console.info(`  signed in ${readers.length + writers.length} members`);
    search = await searchScenario(conn, readers, { host: meili.host, key: meili.masterKey, indexUid: reportsIndexUid(MEILI_INDEX_PREFIX) });
    const writes = [likeScenario(writers, await likeableBy(conn, writers, spreadIds(options.reports, 100, 2))), commentScenario(writers, spreadIds(options.reports, 100, 3))];
    // The reference answers what the API answered: one body per distinct request of each rotation. The
    // writes' bodies are taken first (that toggles likes), so the feed cursors are made after those likes.
    const bodies: Record<string, unknown> = {};
    const takeBodies = async (scenarios: Scenario[]) => {
      for (const scenario of scenarios.filter((s) => s.reference === 'koa')) {
        for (let c = 0; c < options.connections; c += 1) {
          for (let i = 0; i < 16; i += 1) {
            const spec = scenario.rotation(c, i);
            const key = `${spec.method} ${spec.path}`;
            if (!(key in bodies)) bodies[key] = (await send(app.baseUrl, spec)).body;
          }
        }
      }
    };
    markTimeline('taking the reference bodies');
    await takeBodies(writes);
    const reads: Scenario[] = [
      // 10,000 deep; a small trial data set is scrolled four fifths down instead.
      ...(await feedScenarios(conn, readers, Math.min(DEEP_REPORTS, Math.floor(options.reports * 0.8)))),
      search,
      await broadSearchScenario(conn, readers, { host: meili.host, key: meili.masterKey, indexUid: reportsIndexUid(MEILI_INDEX_PREFIX) }),
      detailScenario(readers, spreadIds(options.reports, 64, 1)),
    ];
    await takeBodies(reads);
    const list = [...reads, ...writes];
    const reference = await startReferenceServer(PORTS.reference, bodies);
    try {
      for (const scenario of list) {
        console.info(`  ${scenario.label}`);
        markTimeline(`${scenario.key}: counting statements`);
        const sqlPerRequest = await countSqlPerRequest(app.baseUrl, scenario.samples);
        await app.memory(true);
        const loadAverage = os.loadavg()[0] ?? Number.NaN;
        const load = { connections: options.connections, seconds: options.seconds, runs: options.runs };
        markTimeline(`${scenario.key}: API`);
        const api = await runLoad({ ...load, baseUrl: app.baseUrl, rotation: scenario.rotation });
        markTimeline(`${scenario.key}: reference`);
        const apiMaxRssMiB = (await app.memory()).maxRss / MiB;
        const ref =
          scenario.reference === 'meilisearch' && scenario.meiliRotation
            ? await runLoad({ ...load, baseUrl: meili.host, rotation: scenario.meiliRotation })
            : await runLoad({ ...load, baseUrl: reference.baseUrl, rotation: scenario.rotation });
        const { answers: _answers, ...count } = sqlPerRequest;
        scenarios.push({ key: scenario.key, label: scenario.label, api, reference: ref, referenceKind: scenario.reference, sqlPerRequest: count, apiMaxRssMiB, loadAverage });
        console.info(`    api ${api.requestsPerSecond.toFixed(0)} req/s p50 ${api.p50} ms p95 ${api.p95} ms; reference ${ref.requestsPerSecond.toFixed(0)} req/s p50 ${ref.p50} ms; sql ${count.min}-${count.max}`);
      }
      memory.referenceRssMiB = (await reference.memory()).maxRss / MiB;
      memory.apiRssAfterMiB = (await app.memory()).rss / MiB;
    } finally {
      await reference.stop();
    }
  } finally {
    await conn.end();
    await app.stop();
  }
  return { scenarios, ...memory, fallback: await measureFallback(serverOptions, search.samples) };
}

/** The same searches with Meilisearch unreachable: one at a time, each bounded by a 30 s client timeout. */
async function measureFallback(serverOptions: BenchServerOptions, samples: RequestSpec[]): Promise<FallbackFigures> {
  console.info('  database fallback search (Meilisearch unreachable)');
  const app = await startBenchServer({ ...serverOptions, meiliHost: `http://127.0.0.1:${PORTS.deadMeilisearch}`, port: PORTS.fallbackApp, statsPort: PORTS.fallbackStats });
  try {
    const [reader] = await signInMembers(app.baseUrl, 1);
    const queries: FallbackFigures['queries'] = [];
    // Half of the rotation (both filtered and unfiltered ones): the fallback can take seconds each.
    for (const sample of samples.slice(0, 6)) {
      const spec = { ...sample, headers: reader?.headers };
      try {
        const answer = await send(app.baseUrl, spec);
        const source = typeof answer.body === 'object' && answer.body ? (answer.body as { source?: unknown }).source : undefined;
        queries.push({ path: spec.path, status: answer.status, ms: answer.ms, sql: answer.queries, source });
      } catch (error) {
        queries.push({ path: spec.path, status: 0, ms: 30_000, sql: Number.NaN, source: String(error) });
      }
      console.info(`    ${decodeURIComponent(spec.path)}: ${queries.at(-1)?.status} in ${queries.at(-1)?.ms.toFixed(0)} ms`);
    }
    const times = queries.map((q) => q.ms).sort((a, b) => a - b);
    return { queries, p50: times[Math.floor((times.length - 1) / 2)] ?? Number.NaN, max: times.at(-1) ?? Number.NaN };
  } finally {
    await app.stop();
  }
}
