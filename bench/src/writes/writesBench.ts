import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { createSearchClient } from '@hiraku/search';
import type { LocalMeilisearch } from '@hiraku/search/src/localMeilisearch';
import { BENCH_DIR, MYSQL_SERVER_URL } from '../config';
import { databaseUrl } from '../data/database';
import { parseCliFlags } from '../load/cliFlags';
import { runLoad, type MedianFigures, type RequestSpec } from '../load/runLoad';
import { commentScenario, DEEP_REPORTS, deepCursor, detailScenario, likeableBy, likeScenario, spreadIds, type Scenario } from '../load/scenarios';
import { signInMembers, type MemberSession } from '../load/sessions';
import { countSqlPerRequest, send } from '../load/sqlCount';
import { decodeFeedCursor } from '../../../server/src/commands/reportFeedCursor';
import { startBenchMeilisearch } from '../meili';
import { writeMarkedSection } from '../scaleout/resultsSection';
import { appServerOptions, startBenchServer } from '../server/processes';

/**
 * `npm run bench:writes`, on the data and index of `npm run bench` (phases data,index):
 * - report detail, the like toggle and the comment create under load, as the http phase measures them,
 *   with their SQL statements per request;
 * - the like-sorted scroll after many likes: the first page, then the next page of a cursor issued from
 *   the first page and of one 10,000 reports deep, once right after the cursor was issued and once after
 *   `--likes` new likes made by members through the API since (the catch-up of reportFeedLoader.ts has
 *   to find the reports those likes moved above the cursor's boundary).
 * Each run is recorded under `--label` in bench/writes-results.json, so the code before and after a change
 * can be measured back to back on the same data (run the script of the other checkout); `--report` then
 * writes the writes section of bench/RESULTS.md from that file.
 */

const RESULTS_JSON = path.join(BENCH_DIR, 'writes-results.json');
const READERS = 16;
const WRITERS = 48;

interface Figure {
  key: string;
  label: string;
  api: MedianFigures;
  sql: { min: number; max: number };
  /** Bytes of one answer (the catch-up adds reports to a page). */
  bytes?: number;
  loadAverage: number;
}

interface RunRecord {
  label: string;
  commit: string;
  at: string;
  options: { database: string; runs: number; seconds: number; connections: number; likes: number };
  figures: Figure[];
  likesMade: number;
  loadAverages: { start: number[]; end: number[] };
  /** The catch-up's statement in its old form (every like since the cursor) and its new one (like levels), timed on the same data. */
  catchUpSql?: CatchUpSql[];
  note?: string;
}

interface CatchUpSql {
  cursor: string;
  oldMs: number;
  newMs: number;
  rows: number;
}

function parseOptions(argv: string[]) {
  const flags = parseCliFlags(argv, ['report']);
  const value = (name: string, fallback: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
  };
  return {
    database: value('database', 'hiraku_bench_100000'),
    reports: flags.int('reports', 100_000),
    label: value('label', 'current'),
    runs: flags.int('runs', 3),
    seconds: flags.int('seconds', 8),
    connections: flags.int('connections', 16),
    likes: flags.int('likes', 5_000),
    report: flags.has('report'),
    note: argv.includes('--note') ? value('note', '') : undefined,
  };
}

const loadAverage = () => Number((os.loadavg()[0] ?? Number.NaN).toFixed(1));

function readRecords(): RunRecord[] {
  return fs.existsSync(RESULTS_JSON) ? (JSON.parse(fs.readFileSync(RESULTS_JSON, 'utf8')) as RunRecord[]) : [];
}

async function measure(baseUrl: string, scenario: Pick<Scenario, 'key' | 'label' | 'samples' | 'rotation'>, options: ReturnType<typeof parseOptions>): Promise<Figure> {
  const sql = await countSqlPerRequest(baseUrl, scenario.samples);
  if (!sql.statuses.every((status) => status >= 200 && status < 300)) throw new Error(`${scenario.key}: answered ${sql.statuses.join(', ')}`);
  const bytes = JSON.stringify(sql.answers[0]?.body ?? '').length;
  const at = loadAverage();
  const api = await runLoad({ baseUrl, rotation: scenario.rotation, connections: options.connections, seconds: options.seconds, runs: options.runs });
  console.info(`  ${scenario.label}: ${api.requestsPerSecond.toFixed(0)} req/s, p50 ${api.p50} ms, p99 ${api.p99} ms, sql ${sql.min}-${sql.max}, ${bytes} B, load ${at}`);
  return { key: scenario.key, label: scenario.label, api, sql: { min: sql.min, max: sql.max }, bytes, loadAverage: at };
}

const get = (pathname: string, session: MemberSession): RequestSpec => ({ method: 'GET', path: pathname, headers: session.headers });

/**
 * `count` new likes on reports spread over the table, by members chosen at random, written as the like
 * toggle writes them (the like row, the counter one up, and where the schema has it the level the counter
 * reached: report_like_levels, migration 0020), stamped now, one after another. Directly in the database:
 * through the API on this shared machine they took many minutes, and what is measured is the next page.
 */
async function makeLikes(conn: mysql.Connection, reports: number, count: number, seed: number): Promise<number> {
  const [members] = await conn.query<mysql.RowDataPacket[]>('SELECT id FROM users WHERE suspended_at IS NULL ORDER BY id');
  const [levels] = await conn.query<mysql.RowDataPacket[]>("SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'report_like_levels'");
  const withLevels = Number(levels[0]?.n) > 0;
  const reportIds = spreadIds(reports, count, seed);
  const likerIds = spreadIds(members.length, count, seed + 1).map((k) => Number(members[k - 1]?.id));
  let made = 0;
  for (let k = 0; k < count; k += 1) {
    const [added] = await conn.query<mysql.ResultSetHeader>('INSERT IGNORE INTO likes (report_id, user_id, created_at) VALUES (?, ?, UTC_TIMESTAMP(3))', [reportIds[k], likerIds[k]]);
    if (added.affectedRows === 0) continue;
    made += 1;
    await conn.query('UPDATE reports SET like_count = like_count + 1 WHERE id = ?', [reportIds[k]]);
    if (withLevels) {
      await conn.query(
        'INSERT INTO report_like_levels (report_id, level, reached_at) SELECT id, like_count, UTC_TIMESTAMP(3) FROM reports WHERE id = ? ON DUPLICATE KEY UPDATE reached_at = VALUES(reached_at)',
        [reportIds[k]],
      );
    }
  }
  return made;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * The catch-up statement of reportFeedLoader.ts for `lastKey`, in the form before issue 22 (every like
 * since the cursor joined to its report) and in the form after it (the reports that reached the boundary's
 * level, report_like_levels), each run 15 times in turns on one connection: milliseconds, median. Without
 * the viewer's block, mute and muted-word conditions, which both forms add alike.
 */
async function timeCatchUpSql(conn: mysql.Connection, name: string, lastKey: string): Promise<CatchUpSql | null> {
  const [levels] = await conn.query<mysql.RowDataPacket[]>("SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'report_like_levels'");
  if (Number(levels[0]?.n) === 0) return null;
  const cursor = decodeFeedCursor(lastKey, 'like');
  const listed = 'r.listed = 1 AND r.is_draft = 0 AND r.hidden_at IS NULL';
  const above = '(r.like_count > :key OR (r.like_count = :key AND r.id > :id))';
  const oldSql = `SELECT r.id FROM reports r JOIN likes l ON l.report_id = r.id WHERE l.created_at > :since AND ${listed} AND ${above}
    GROUP BY r.id, r.like_count HAVING r.like_count - COUNT(*) < :key OR (r.like_count - COUNT(*) = :key AND r.id < :id)
    ORDER BY r.like_count DESC, r.id DESC LIMIT 100`;
  const newSql = `SELECT r.id FROM report_like_levels x JOIN reports r ON r.id = x.report_id
    WHERE x.level IN (:key, :keyAbove) AND x.reached_at > :since AND ((x.level = :key AND x.report_id > :id) OR (x.level = :keyAbove AND x.report_id <= :id))
      AND ${listed} AND ${above} ORDER BY r.like_count DESC, r.id DESC LIMIT 100`;
  const values: Record<string, unknown> = { key: cursor.key, keyAbove: cursor.key + 1, id: cursor.id, since: new Date(cursor.at ?? 0) };
  const bind = (sql: string) => sql.replace(/:(\w+)/g, (_, name: string) => conn.escape(values[name]));
  const times = { old: [] as number[], new: [] as number[] };
  let rows = 0;
  for (let i = 0; i < 15; i += 1) {
    for (const form of ['old', 'new'] as const) {
      const started = performance.now();
      const [result] = await conn.query<mysql.RowDataPacket[]>(bind(form === 'old' ? oldSql : newSql));
      times[form].push(performance.now() - started);
      if (form === 'new') rows = result.length;
    }
  }
  const figure = { cursor: name, oldMs: median(times.old), newMs: median(times.new), rows };
  console.info(`  catch-up statement, ${name}: old form ${figure.oldMs.toFixed(1)} ms, new form ${figure.newMs.toFixed(1)} ms, ${rows} reports`);
  return figure;
}

async function run(options: ReturnType<typeof parseOptions>): Promise<RunRecord> {
  const start = os.loadavg().map((v) => Number(v.toFixed(1)));
  const meili = await startBenchMeilisearch();
  try {
    return await runWith(meili, options, start);
  } finally {
    await meili.stop();
  }
}

async function runWith(meili: LocalMeilisearch, options: ReturnType<typeof parseOptions>, start: number[]): Promise<RunRecord> {
  const url = databaseUrl(MYSQL_SERVER_URL, options.database);
  // Indexing a stopped run left queued would hold the server's settings tasks (and so its boot) behind it.
  await createSearchClient({ host: meili.host, apiKey: meili.masterKey }).tasks.cancelTasks({ statuses: ['enqueued', 'processing'] }).waitTask();
  const app = await startBenchServer(appServerOptions(url, meili));
  const conn = await mysql.createConnection({ uri: url, timezone: 'Z' });
  const figures: Figure[] = [];
  const catchUpSql: CatchUpSql[] = [];
  let likesMade: number;
  try {
    const readers = await signInMembers(app.baseUrl, READERS);
    const writers = await signInMembers(app.baseUrl, WRITERS, READERS);
    console.info(`  signed in ${readers.length + writers.length} members (${options.label})`);
    const reader = (c: number) => readers[c % readers.length] as MemberSession;
    figures.push(await measure(app.baseUrl, detailScenario(readers, spreadIds(options.reports, 64, 1)), options));
    figures.push(await measure(app.baseUrl, likeScenario(writers, await likeableBy(conn, writers, spreadIds(options.reports, 100, 2))), options));
    figures.push(await measure(app.baseUrl, commentScenario(writers, spreadIds(options.reports, 100, 3)), options));

    const first = '/api/reports/infinite?sort=like';
    const firstPage = (await send(app.baseUrl, get(first, reader(0)))).body as { nextKey: string | null };
    if (!firstPage.nextKey) throw new Error('the first page of sort=like has no next page');
    const cursors = {
      next: `${first}&lastKey=${firstPage.nextKey}`,
      deep: `${first}&lastKey=${await deepCursor(conn, 'like', Math.min(DEEP_REPORTS, Math.floor(options.reports * 0.8)))}`,
    };
    const feed = (key: string, label: string, pathname: string) => ({ key, label, samples: [get(pathname, reader(0))], rotation: (c: number) => get(pathname, reader(c)) });
    figures.push(await measure(app.baseUrl, feed('like-first', 'sort=like, first page', first), options));
    figures.push(await measure(app.baseUrl, feed('like-next-fresh', 'sort=like, next page, cursor just issued', cursors.next), options));
    figures.push(await measure(app.baseUrl, feed('like-deep-fresh', 'sort=like, 10,000 deep, cursor just issued', cursors.deep), options));
    // A seed of the label's own: the likes of one run are new likes, not those of the run before.
    const seed = 22_000 + [...options.label].reduce((sum, char) => sum + char.charCodeAt(0), 0);
    const started = performance.now();
    likesMade = await makeLikes(conn, options.reports, options.likes, seed);
    console.info(`  ${likesMade} likes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const after = `after ${options.likes.toLocaleString('en')} new likes`;
    figures.push(await measure(app.baseUrl, feed('like-next-after', `sort=like, next page, cursor issued before ${after.slice(6)}`, cursors.next), options));
    figures.push(await measure(app.baseUrl, feed('like-deep-after', `sort=like, 10,000 deep, cursor issued before ${after.slice(6)}`, cursors.deep), options));
    figures.push(await measure(app.baseUrl, feed('like-first-after', `sort=like, first page, ${after}`, first), options));
    for (const [name, pathname] of Object.entries(cursors)) {
      const figure = await timeCatchUpSql(conn, name === 'deep' ? '10,000 deep' : 'next page', new URLSearchParams(pathname.split('?')[1]).get('lastKey') ?? '');
      if (figure) catchUpSql.push(figure);
    }
  } finally {
    await conn.end();
    await app.stop();
  }
  const { execSync } = await import('node:child_process');
  const commit = execSync('git rev-parse --short HEAD', { cwd: BENCH_DIR }).toString().trim();
  return {
    label: options.label,
    commit,
    at: new Date().toISOString(),
    options: { database: options.database, runs: options.runs, seconds: options.seconds, connections: options.connections, likes: options.likes },
    figures,
    likesMade,
    loadAverages: { start, end: os.loadavg().map((v) => Number(v.toFixed(1))) },
    ...(catchUpSql.length ? { catchUpSql } : {}),
    ...(options.note ? { note: options.note } : {}),
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The writes section of RESULTS.md: the last run of each label, side by side. */
function section(records: RunRecord[]): string {
  const latest = new Map<string, RunRecord>();
  for (const record of records) latest.set(record.label, record);
  const runs = [...latest.values()];
  const lines: string[] = ['## Writes, detail and the like-sorted catch-up (issue 22)', ''];
  lines.push(
    `\`npm run bench:writes\` on the data and index of \`npm run bench\` (bench/src/writes/writesBench.ts; raw figures in bench/writes-results.json), 16 connections, median of the runs of 8 s after a warm-up that each heading names. ` +
      'Runs on the same database were made back to back, each by the code of its commit, and are compared below; the load average is next to every figure, and ratios within one run are the figures to compare.',
    '',
  );
  for (const record of runs) {
    lines.push(`**${record.label}** (database ${record.options.database}, ${record.options.runs} runs of ${record.options.seconds} s; commit ${record.commit}, ${record.at.slice(0, 16).replace('T', ' ')} UTC, load averages ${record.loadAverages.start.join(' / ')} at the start, ${record.loadAverages.end.join(' / ')} at the end; ${fmt(record.likesMade)} likes made for the catch-up):`, '');
    lines.push('| request | req/s | p50 ms | p99 ms | SQL / request | answer bytes | failures | load avg |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const f of record.figures) {
      lines.push(`| ${f.label} | ${fmt(f.api.requestsPerSecond)} | ${fmt(f.api.p50, 1)} | ${fmt(f.api.p99, 1)} | ${f.sql.min === f.sql.max ? f.sql.max : `${f.sql.min}-${f.sql.max}`} | ${fmt(f.bytes ?? 0)} | ${f.api.failures} | ${f.loadAverage} |`);
    }
    const p50 = (key: string) => record.figures.find((f) => f.key === key)?.api.p50 ?? Number.NaN;
    const first = p50('like-first');
    lines.push(
      '',
      `Next page after the likes / first page p50: ${fmt(p50('like-next-after') / first, 2)}x (10,000 deep: ${fmt(p50('like-deep-after') / first, 2)}x); target ≤ 1.3x.`,
      '',
    );
    for (const sql of record.catchUpSql ?? []) {
      lines.push(`- The catch-up statement alone, ${sql.cursor} (MariaDB, one connection, median of 15 in turns): before issue 22's form ${fmt(sql.oldMs, 1)} ms, the like-level form ${fmt(sql.newMs, 1)} ms (${sql.rows} reports qualify, at most 100 read).`);
    }
    if (record.note) lines.push(`- ${record.note}`);
    if (record.catchUpSql?.length || record.note) lines.push('');
  }
  // Every other run on a database against the first one there (the code before the change); other data sets are not compared.
  const [before, ...afters] = runs;
  for (const after of before ? afters.filter((run) => run.options.database === before.options.database) : []) {
    lines.push(`Throughput, ${after.label} / ${before?.label}:`, '');
    for (const key of ['detail', 'like', 'comment']) {
      const b = before?.figures.find((f) => f.key === key);
      const a = after.figures.find((f) => f.key === key);
      if (a && b) lines.push(`- ${a.label}: ${fmt(a.api.requestsPerSecond / b.api.requestsPerSecond, 2)}x (target ≥ 2x), SQL ${b.sql.max} -> ${a.sql.max}`);
    }
    lines.push('');
  }
  lines.push(
    'Reading these figures: the SQL statements per request and the catch-up statement timed alone (old and new form on the same data, in turns) do not depend on the load; ' +
      'the HTTP latencies do: with a load average near 20 on 2 cores (the runs on hiraku_bench_writes) they moved by 2x between runs of the same code (compare their first pages). ' +
      'The page 10,000 deep after the likes answers about 18 KB in both forms: the catch-up adds its cap of 50 reports there (hundreds rose across that boundary, of 5 likes), so its latency next to an 8-card first page measures those cards as much as the catch-up.',
  );
  return lines.join('\n').trimEnd();
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!options.report) {
    const record = await run(options);
    fs.writeFileSync(RESULTS_JSON, `${JSON.stringify([...readRecords().filter((r) => r.label !== record.label), record], null, 2)}\n`);
  }
  if (options.report) writeMarkedSection(section(readRecords()), 'writes');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
