/**
 * An experiment, not a benchmark: one bench server under the feed and search rotations, its memory
 * (rss and V8's heap) sampled each second. `BENCH_PROBE_NODE_OPTIONS` is passed to the server alone, on top of
 * the serve script's flags (serveFlags.ts), which it cannot undo: compare at another commit for those.
 *   node --import tsx bench/src/server/memoryProbe.ts <database>
 */
import mysql from 'mysql2/promise';
import { reportsIndexUid } from '@hiraku/search';
import { MEILI_INDEX_PREFIX, MYSQL_SERVER_URL, PORTS } from '../config';
import { databaseUrl } from '../data/database';
import { runLoad } from '../load/runLoad';
import { feedScenarios, searchScenario, detailScenario, spreadIds, DEEP_REPORTS } from '../load/scenarios';
import { signInMembers } from '../load/sessions';
import { startBenchMeilisearch } from '../meili';
import { appServerOptions, startBenchServer } from './processes';

async function main(): Promise<void> {
  const database = process.argv[2] ?? 'hiraku_bench_100000';
  const url = databaseUrl(MYSQL_SERVER_URL, database);
  const meili = await startBenchMeilisearch();
  const nodeOptions = process.env.BENCH_PROBE_NODE_OPTIONS;
  const app = await startBenchServer(
    appServerOptions(url, meili, { ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}), ...(JSON.parse(process.env.BENCH_PROBE_ENV ?? '{}') as Record<string, string>) }),
  );
  const conn = await mysql.createConnection({ uri: url, timezone: 'Z' });
  const statsUrl = `http://127.0.0.1:${PORTS.appStats}/stats`;
  const sample = async (what: string) => {
    const s = (await (await fetch(statsUrl)).json()) as { rss: number; maxRss: number; heap: Record<string, number>; cpuMs: number };
    const mib = (n: number) => (n / 2 ** 20).toFixed(0);
    console.info(`${what}: rss ${mib(s.rss)} max ${mib(s.maxRss)} heapTotal ${mib(s.heap.heapTotal ?? 0)} heapUsed ${mib(s.heap.heapUsed ?? 0)} external ${mib(s.heap.external ?? 0)} arrayBuffers ${mib(s.heap.arrayBuffers ?? 0)} cpu ${s.cpuMs.toFixed(0)} ms`);
  };
  try {
    await sample('booted');
    const readers = await signInMembers(app.baseUrl, 16);
    const scenarios = [
      ...(await feedScenarios(conn, readers, DEEP_REPORTS)),
      await searchScenario(conn, readers, { host: meili.host, key: meili.masterKey, indexUid: reportsIndexUid(MEILI_INDEX_PREFIX) }),
      detailScenario(readers, spreadIds(100_000, 64, 1)),
    ];
    const only = process.env.BENCH_PROBE_ONLY?.split(',');
    for (const s of scenarios.filter((x) => !only || only.includes(x.key))) {
      const r = await runLoad({ connections: 16, seconds: Number(process.env.BENCH_PROBE_SECONDS ?? 5), runs: 1, baseUrl: app.baseUrl, rotation: s.rotation, warmupSeconds: 1 });
      await sample(`${s.key} ${r.requestsPerSecond.toFixed(0)} req/s p50 ${r.p50.toFixed(1)} p99 ${r.p99.toFixed(1)}`);
    }
  } finally {
    await conn.end();
    await app.stop();
    await meili.stop();
  }
}

void main();
