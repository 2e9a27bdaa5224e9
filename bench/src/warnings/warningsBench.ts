/**
 * `npm run bench:warnings`: the feed for members hiding three content warnings against members
 * hiding none, in the same run. One API process, 16 plain readers and 16 readers with 流血, ブレスコントロール
 * and 排泄 on 表示しない; the reports carry labels in about the share a kink community would (see
 * LABEL_SHARES). Each request of the "own cursor" scenarios holds a cursor of its own (spread over the
 * first CURSOR_DEPTH reports of the sort), so the shared pages of feedPageCache.ts rarely answer and the
 * label filter is paid where it costs: in the database statement, and in memory for the shared rows. Runs
 * alternate plain and hiding so both meet the same load; p50 of each side's median run and their ratio
 * (goal ≤ 1.2x), the SQL statements of one request each, and the machine's load average per run. Writes
 * warnings-results.json and the marked warnings section of RESULTS.md.
 *
 * Needs a database made by `npm run bench -- --phases data --database <name>` with this branch's migrations
 * (0040 adds the label columns); the labels are (re)written here on every run, the same ones each time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentWarningMask, SORT_OPTIONS, type ContentWarningKey, type SortOption } from '@hiraku/shared';
import mysql, { type Connection, type RowDataPacket } from 'mysql2/promise';
import { encodeFeedCursor } from '../../../server/src/commands/reportFeedCursor';
import { BENCH_DIR, MYSQL_SERVER_URL, OFFSET, WORK_DIR } from '../config';
import { databaseUrl } from '../data/database';
import { parseCliFlags } from '../load/cliFlags';
import { runLoadOnce, type LoadFigures, type RequestSpec, type Rotation } from '../load/runLoad';
import { signInMembers, type MemberSession } from '../load/sessions';
import { countSqlPerRequest } from '../load/sqlCount';
import { startBenchMeilisearch } from '../meili';
import { writeMarkedSection } from '../scaleout/resultsSection';
import { appServerOptions, startBenchServer } from '../server/processes';

const READERS = 16;
const GOAL = 1.2;
/** Cursors per sort, spread over this many reports from the top. */
const CURSORS = 2_000;
const CURSOR_DEPTH = 20_000;
const HIDDEN: ContentWarningKey[] = ['blood', 'breath', 'scat'];
/** Which reports carry which label, by id: 10 % 流血, 5 % ブレスコントロール, 2 % 排泄 (17 % hidden), 7 % 痕が残るプレイ. */
const LABEL_SHARES = `CASE WHEN MOD(id, 10) = 0 THEN ${contentWarningMask(['blood'])}
  WHEN MOD(id, 20) = 3 THEN ${contentWarningMask(['breath'])}
  WHEN MOD(id, 50) = 7 THEN ${contentWarningMask(['scat', 'marks'])}
  WHEN MOD(id, 14) = 1 THEN ${contentWarningMask(['marks'])}
  ELSE 0 END`;

interface Side {
  runs: LoadFigures[];
  p50: number;
  p95: number;
  requestsPerSecond: number;
  sql: number;
}
interface Pair {
  label: string;
  plain: Side;
  hiding: Side;
  ratio: number;
  loadAverages: number[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const get = (pathname: string, session: MemberSession): RequestSpec => ({ method: 'GET', path: pathname, headers: session.headers });

/** CURSORS cursors of `sort`, each the cursor a member holds after scrolling to one report of the first CURSOR_DEPTH. */
async function spreadCursors(conn: Connection, sort: SortOption): Promise<string[]> {
  const order = { new: 'created_at DESC, id DESC', old: 'created_at ASC, id ASC', like: 'like_count DESC, id DESC' }[sort];
  const [rows] = await conn.query<RowDataPacket[]>(`SELECT id, created_at, like_count FROM reports WHERE listed = 1 ORDER BY ${order} LIMIT ?`, [CURSOR_DEPTH]);
  const step = Math.max(1, Math.floor(rows.length / CURSORS));
  const cursors: string[] = [];
  for (let i = step - 1; i < rows.length && cursors.length < CURSORS; i += step) {
    const row = rows[i] as RowDataPacket;
    cursors.push(
      sort === 'like'
        ? // Read "now": no like has been made since, so no catch-up (the bench makes none).
          encodeFeedCursor({ sort, key: Number(row.like_count), id: Number(row.id), at: Date.now(), caught: [] })
        : encodeFeedCursor({ sort, key: new Date(row.created_at as Date).getTime(), id: Number(row.id) }),
    );
  }
  return cursors;
}

interface Scenario {
  label: string;
  rotation(readers: MemberSession[]): Rotation;
  sample(reader: MemberSession): RequestSpec;
}

async function scenarios(conn: Connection): Promise<Scenario[]> {
  const list: Scenario[] = [];
  for (const sort of SORT_OPTIONS) {
    const first = `/api/reports/infinite?sort=${sort}`;
    const cursors = await spreadCursors(conn, sort);
    const withCursor = (n: number) => `${first}&lastKey=${cursors[n % cursors.length] ?? ''}`;
    list.push({
      label: `infinite sort=${sort}, first page`,
      rotation: (readers) => (connection) => get(first, readers[connection % readers.length] as MemberSession),
      sample: (reader) => get(first, reader),
    });
    list.push({
      label: `infinite sort=${sort}, own cursor per request`,
      // A different cursor on every request of every connection: (connection, iteration) walk the list apart.
      rotation: (readers) => (connection, iteration) => get(withCursor(connection * 131 + iteration * 17), readers[connection % readers.length] as MemberSession),
      sample: (reader) => get(withCursor(CURSORS / 2), reader),
    });
  }
  return list;
}

async function main(): Promise<void> {
  const flags = parseCliFlags(process.argv.slice(2), []);
  const database = process.argv.includes('--database') ? String(process.argv[process.argv.indexOf('--database') + 1]) : 'hiraku_bench_warnings';
  const runs = flags.int('runs', 3);
  const seconds = flags.int('seconds', 8);
  const connections = flags.int('connections', 16);
  const url = databaseUrl(MYSQL_SERVER_URL, database);
  const conn = await mysql.createConnection({ uri: url, timezone: 'Z' });
  await conn.query(`UPDATE reports SET warning_mask = ${LABEL_SHARES}`);
  const [[shares]] = await conn.query<RowDataPacket[]>(
    'SELECT COUNT(*) AS total, SUM(CASE WHEN (warning_mask & ?) <> 0 THEN 1 ELSE 0 END) AS hidden FROM reports WHERE listed = 1',
    [contentWarningMask(HIDDEN)],
  );
  const hiddenShare = Number(shares?.hidden) / Number(shares?.total);
  console.info(`  ${Number(shares?.total)} listed reports, ${(hiddenShare * 100).toFixed(1)} % carry a hidden label`);

  const meili = await startBenchMeilisearch();
  const server = await startBenchServer(appServerOptions(url, meili));
  const started = new Date();
  const pairs: Pair[] = [];
  try {
    const plainReaders = await signInMembers(server.baseUrl, READERS);
    const hidingReaders = await signInMembers(server.baseUrl, READERS, READERS);
    await conn.query('DELETE FROM content_warning_settings WHERE user_id IN (SELECT id FROM users WHERE email IN (?))', [plainReaders.map((r) => r.email)]);
    for (const reader of hidingReaders) {
      await conn.query(
        `INSERT INTO content_warning_settings (user_id, hide_mask, show_mask, updated_at) SELECT id, ?, 0, NOW(3) FROM users WHERE email = ?
         ON DUPLICATE KEY UPDATE hide_mask = VALUES(hide_mask), show_mask = 0`,
        [contentWarningMask(HIDDEN), reader.email],
      );
    }
    for (const scenario of await scenarios(conn)) {
      console.info(`  ${scenario.label}`);
      const measure = (readers: MemberSession[], secs: number) => runLoadOnce({ baseUrl: server.baseUrl, rotation: scenario.rotation(readers), connections, seconds: secs });
      await measure(plainReaders, 2);
      await measure(hidingReaders, 2);
      const sides = { plain: [] as LoadFigures[], hiding: [] as LoadFigures[] };
      const loadAverages: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        loadAverages.push(Number((os.loadavg()[0] ?? 0).toFixed(1)));
        sides.plain.push(await measure(plainReaders, seconds));
        sides.hiding.push(await measure(hidingReaders, seconds));
      }
      const side = async (figures: LoadFigures[], reader: MemberSession): Promise<Side> => ({
        runs: figures,
        p50: median(figures.map((f) => f.p50)),
        p95: median(figures.map((f) => f.p95)),
        requestsPerSecond: median(figures.map((f) => f.requestsPerSecond)),
        sql: (await countSqlPerRequest(server.baseUrl, [scenario.sample(reader)])).max,
      });
      const pair: Pair = {
        label: scenario.label,
        plain: await side(sides.plain, plainReaders[0] as MemberSession),
        hiding: await side(sides.hiding, hidingReaders[0] as MemberSession),
        ratio: 0,
        loadAverages,
      };
      pair.ratio = Number((pair.hiding.p50 / pair.plain.p50).toFixed(2));
      pairs.push(pair);
      console.info(`    p50 ${pair.plain.p50} ms -> ${pair.hiding.p50} ms (${pair.ratio}x)`);
    }
  } finally {
    await conn.end();
    await server.stop();
    await meili.stop();
  }
  const out = {
    started: started.toISOString(),
    database,
    listedReports: Number(shares?.total),
    hiddenShare: Number(hiddenShare.toFixed(3)),
    runs,
    seconds,
    connections,
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
    pairs,
  };
  const resultsDir = OFFSET ? path.join(WORK_DIR, `trial-${OFFSET}`) : BENCH_DIR;
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'warnings-results.json'), `${JSON.stringify(out, null, 2)}\n`);
  if (!OFFSET) writeMarkedSection(section(out), 'warnings');
}

function section(out: { started: string; database: string; listedReports: number; hiddenShare: number; runs: number; seconds: number; connections: number; machine: string; pairs: Pair[] }): string {
  const rows = out.pairs.map(
    (p) =>
      `| ${p.label} | ${p.plain.p50.toFixed(1)} ms | ${p.hiding.p50.toFixed(1)} ms | ${p.ratio.toFixed(2)}x ${p.ratio <= GOAL ? '**met**' : '**not met**'} | ${p.plain.p95.toFixed(1)} / ${p.hiding.p95.toFixed(1)} ms | ${Math.round(p.plain.requestsPerSecond)} / ${Math.round(p.hiding.requestsPerSecond)} | ${p.plain.sql} / ${p.hiding.sql} | ${p.loadAverages.join(', ')} |`,
  );
  return [
    '## Content warnings (issue 37)',
    '',
    `\`npm run bench:warnings -- --database ${out.database}\`, ${out.started.slice(0, 16).replace('T', ' ')} UTC, ${out.machine}, ${out.listedReports.toLocaleString('en')} listed reports of which ${(out.hiddenShare * 100).toFixed(1)} % carry one of the hidden labels. ${READERS} members hiding none and ${READERS} members with ${HIDDEN.join(', ')} on 表示しない, the same requests; "own cursor" gives every request a cursor of its own among ${CURSORS.toLocaleString('en')} spread over the first ${CURSOR_DEPTH.toLocaleString('en')} reports of the sort. ${out.connections} connections, ${out.runs} runs of ${out.seconds} s alternating the two, medians. The machine is shared with other work: its 1-minute load average is given per run.`,
    '',
    `| request | p50, hiding none | p50, hiding 3 | ratio (goal ≤ ${GOAL}) | p95 (none / 3) | req/s (none / 3) | SQL / request (none / 3) | load average per run |`,
    '| --- | ---: | ---: | --- | ---: | ---: | ---: | --- |',
    ...rows,
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
