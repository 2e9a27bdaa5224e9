/**
 * `npm run bench:saves -- --database hiraku_bench_<n>`: /saved for members with 5,000 saves
 * each at 100,000 reports. Two figures, goal p95 ≤ 50 ms: the saved list page by page (every request its
 * own cursor: the readers' whole scroll, read once through the API beforehand) and search inside the
 * saves (every request its own words, order, filter and offset). One API process (the bench server),
 * its own Meilisearch with the index of `npm run bench -- --phases data,index`. Writes
 * saves-results.json; the figures go into RESULTS.md by hand with the date and the machine's load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIMITS, type SavedPage } from '@hiraku/shared';
import mysql, { type RowDataPacket } from 'mysql2/promise';
import { BENCH_DIR, MYSQL_SERVER_URL, OFFSET, WORK_DIR } from '../config';
import { SEARCH_QUERIES } from '../data/corpus';
import { databaseUrl } from '../data/database';
import { parseCliFlags } from '../load/cliFlags';
import { runLoadOnce, type LoadFigures, type RequestSpec } from '../load/runLoad';
import { signInMembers, type MemberSession } from '../load/sessions';
import { countSqlPerRequest } from '../load/sqlCount';
import { startBenchMeilisearch } from '../meili';
import { appServerOptions, startBenchServer } from '../server/processes';

const READERS = 8;
const SAVES_EACH = 5_000;
const GOAL_P95_MS = 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** SAVES_EACH listed reports saved by the member, spread over the whole id range, a second apart. */
async function giveSaves(conn: mysql.Connection, email: string, seed: number): Promise<void> {
  const [[user]] = await conn.query<RowDataPacket[]>('SELECT id FROM users WHERE email = ?', [email]);
  const userId = Number(user?.id);
  await conn.query('DELETE FROM saves WHERE user_id = ?', [userId]);
  const [[range]] = await conn.query<RowDataPacket[]>('SELECT COUNT(*) AS n FROM reports WHERE listed = 1');
  const step = Math.max(1, Math.floor(Number(range?.n) / SAVES_EACH));
  // Every step-th listed report from a per-member offset: different members hold different saves.
  await conn.query(
    `INSERT INTO saves (user_id, report_id, created_at)
     SELECT ?, id, TIMESTAMPADD(SECOND, rn, '2026-01-01 00:00:00') FROM (
       SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM reports WHERE listed = 1
     ) ranked WHERE (rn + ?) MOD ? = 0 LIMIT ?`,
    [userId, seed, step, SAVES_EACH],
  );
}

/**
 * The saves above are written straight into the table, so their reports' search documents do not list
 * the members yet (`savedBy`, issue 37): queue each report in the search outbox, as a save through the
 * API does, and wait until the API's outbox worker has applied them all.
 */
async function indexSaves(conn: mysql.Connection, timeoutMs = 15 * 60_000): Promise<void> {
  await conn.query(
    `INSERT INTO search_outbox (aggregate_type, aggregate_id, operation, attempts, available_at, created_at)
     SELECT 'report', report_id, 'upsert', 0, NOW(), NOW() FROM (SELECT DISTINCT report_id FROM saves) saved`,
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [[left]] = await conn.query<RowDataPacket[]>('SELECT COUNT(*) AS n FROM search_outbox');
    if (Number(left?.n) === 0) return;
    if (Date.now() > deadline) throw new Error(`search outbox not drained within ${timeoutMs / 60_000} minutes: ${Number(left?.n)} rows left`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Every cursor of the reader's scroll through /api/saves, read once through the API. */
async function scrollCursors(baseUrl: string, reader: MemberSession): Promise<string[]> {
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const query = new URLSearchParams({ limit: String(LIMITS.savedPageSize), ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${baseUrl}/api/saves?${query.toString()}`, { headers: reader.headers });
    if (res.status !== 200) throw new Error(`/api/saves answered ${res.status}`);
    const page = (await res.json()) as SavedPage;
    if (!page.hasMore || !page.nextKey) return cursors;
    cursors.push(page.nextKey);
    cursor = page.nextKey;
  }
}

async function main(): Promise<void> {
  const flags = parseCliFlags(process.argv.slice(2), []);
  const database = process.argv.includes('--database') ? String(process.argv[process.argv.indexOf('--database') + 1]) : 'hiraku_bench_100000';
  const runs = flags.int('runs', 3);
  const seconds = flags.int('seconds', 8);
  const connections = flags.int('connections', 8);
  // --rate: requests a second offered; without it every connection is kept busy (the saturation point).
  const rate = flags.has('rate') ? flags.int('rate', 1) : undefined;
  const url = databaseUrl(MYSQL_SERVER_URL, database);
  const meili = await startBenchMeilisearch();
  const server = await startBenchServer(appServerOptions(url, meili));
  const conn = await mysql.createConnection({ uri: url, timezone: 'Z' });
  const started = new Date();
  const results: Array<{ label: string; runs: LoadFigures[]; p50: number; p95: number; sql: number; distinct: number }> = [];
  try {
    const [[count]] = await conn.query<RowDataPacket[]>('SELECT COUNT(*) AS n FROM reports');
    const readers = await signInMembers(server.baseUrl, READERS);
    for (const [i, reader] of readers.entries()) await giveSaves(conn, reader.email, i * 7);
    const indexStarted = Date.now();
    await indexSaves(conn);
    console.info(`  search outbox applied the saved reports' documents in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`);
    const get = (pathname: string, reader: MemberSession): RequestSpec => ({ method: 'GET', path: pathname, headers: reader.headers });

    const cursors = await Promise.all(readers.map((reader) => scrollCursors(server.baseUrl, reader)));
    const listPath = (reader: number, iteration: number) => {
      const own = cursors[reader] ?? [];
      const cursor = own[iteration % own.length];
      return `/api/saves?limit=${LIMITS.savedPageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    };
    // Words × order × offset: 12 × 2 × 4 = 96 different searches per reader.
    const searchPath = (iteration: number) => {
      const query = SEARCH_QUERIES[iteration % SEARCH_QUERIES.length] ?? '縄';
      const sort = Math.floor(iteration / SEARCH_QUERIES.length) % 2 === 0 ? 'new' : 'like';
      const offset = (Math.floor(iteration / (SEARCH_QUERIES.length * 2)) % 4) * LIMITS.pageSize;
      return `/api/saves/search?${new URLSearchParams({ query, sort, offset: String(offset), limit: String(LIMITS.pageSize) }).toString()}`;
    };
    const scenarios = [
      {
        label: `/api/saves, ${SAVES_EACH.toLocaleString('en')} saves each, every request its own cursor`,
        rotation: (c: number, i: number) => get(listPath(c % READERS, i * connections + c), readers[c % READERS] as MemberSession),
        samples: [get(listPath(0, 100), readers[0] as MemberSession)],
        distinct: cursors.reduce((sum, list) => sum + list.length, 0),
      },
      {
        label: `/api/saves/search inside ${SAVES_EACH.toLocaleString('en')} saves (12 words × 2 orders × 4 offsets)`,
        rotation: (c: number, i: number) => get(searchPath(i * connections + c), readers[c % READERS] as MemberSession),
        samples: [get(searchPath(5), readers[0] as MemberSession)],
        distinct: READERS * SEARCH_QUERIES.length * 8,
      },
    ];
    console.info(`  ${Number(count?.n).toLocaleString('en')} reports, ${READERS} members with ${SAVES_EACH} saves each`);
    for (const scenario of scenarios) {
      console.info(`  ${scenario.label}`);
      await runLoadOnce({ baseUrl: server.baseUrl, rotation: scenario.rotation, connections, seconds: 2 });
      const figures: LoadFigures[] = [];
      for (let run = 0; run < runs; run += 1) figures.push(await runLoadOnce({ baseUrl: server.baseUrl, rotation: scenario.rotation, connections, seconds, rate }));
      const result = {
        label: scenario.label,
        runs: figures,
        p50: median(figures.map((f) => f.p50)),
        p95: median(figures.map((f) => f.p95)),
        sql: (await countSqlPerRequest(server.baseUrl, scenario.samples)).max,
        distinct: scenario.distinct,
      };
      results.push(result);
      console.info(`    p50 ${result.p50} ms, p95 ${result.p95} ms (goal ≤ ${GOAL_P95_MS}), ${Math.round(median(figures.map((f) => f.requestsPerSecond)))} req/s, failures ${figures.map((f) => f.failures).join('/')}`);
    }
  } finally {
    await conn.end();
    await server.stop();
    await meili.stop();
  }
  const out = {
    started: started.toISOString(),
    database,
    runs,
    seconds,
    connections,
    rate,
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
    loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
    results,
  };
  const resultsDir = OFFSET ? path.join(WORK_DIR, `trial-${OFFSET}`) : BENCH_DIR;
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'saves-results.json'), `${JSON.stringify(out, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
