/**
 * `npm run bench:follows -- --database hiraku_bench_<n>`: フォロー中 for members with 2,000
 * follows each, and the publish of a report by an author with 5,000 followers against one with none.
 *
 * Feed: READERS members each follow FOLLOWS_EACH things (planFollows: members for the most part, the
 * least used tags, and the four system categories a report's tags never carry, so the category lookups
 * are paid without turning フォロー中 into 新着), written directly in the database. Three scenarios under
 * autocannon, the readers taking turns: the first page (no cursor; フォロー中 is never a shared page), a
 * near page and a deep page, where every request holds a cursor of its own (spread over the top 10 % and
 * the deepest half of the listed reports), so no cache of any kind can answer it. p50/p95 of the median
 * run, SQL statements of one request.
 *
 * Publish: the author with PUBLISH_FOLLOWERS approved followers and the author with none each post
 * PUBLISH_EACH reports through the real API (multipart, as the form sends), one at a time, alternating;
 * p50/p95 of the answer's latency and their ratio (goal ≤ 1.2x). The notification fan-out to followers
 * runs in the worker after the answer (notifications/kinds/follows.ts), not in the request.
 *
 * Needs `npm run bench -- --phases data --members 5200 --database <name>` (more members than
 * PUBLISH_FOLLOWERS + READERS + 2); the follows are (re)written on every run, the same ones each time.
 * Writes follows-results.json; the figures go into RESULTS.md by hand with the data size and the load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FOLLOW_LIMITS, type TagItem } from '@hiraku/shared';
import mysql, { type Connection, type RowDataPacket } from 'mysql2/promise';
import { encodeFeedCursor } from '../../../server/src/commands/reportFeedCursor';
import { BENCH_DIR, MYSQL_SERVER_URL, OFFSET, WORK_DIR } from '../config';
import { databaseUrl } from '../data/database';
import { memberEmail } from '../data/generate';
import { parseCliFlags } from '../load/cliFlags';
import { runLoadOnce, type LoadFigures, type RequestSpec } from '../load/runLoad';
import { signIn, signInMembers, type MemberSession } from '../load/sessions';
import { countSqlPerRequest } from '../load/sqlCount';
import { startBenchMeilisearch } from '../meili';
import { QUERY_COUNT_HEADER } from '../server/queryCounter';
import { appServerOptions, startBenchServer } from '../server/processes';
import { cursorIndex, percentile, planFollows, spreadPositions } from './followPlan';

const READERS = 16;
const FOLLOWS_EACH = FOLLOW_LIMITS.followsMax;
const TAGS_EACH = 200;
/** The categories whose tags sit in report columns, never in report_tags: following them matches nothing. */
const QUIET_CATEGORY_KEYS = ['gender', 'sexualOrientation', 'role', 'tools'];
const CURSORS = 4_000;
const PUBLISH_FOLLOWERS = 5_000;
const PUBLISH_EACH = 30;
const FEED_GOAL_P95_MS = 50;
const PUBLISH_GOAL = 1.2;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ids = (rows: RowDataPacket[]) => rows.map((row) => Number(row.id));

async function userId(conn: Connection, index: number): Promise<number> {
  const [[row]] = await conn.query<RowDataPacket[]>('SELECT id FROM users WHERE email = ?', [memberEmail(index)]);
  if (!row) throw new Error(`no member ${memberEmail(index)}: generate the data with more --members`);
  return Number(row.id);
}

async function insertPairs(conn: Connection, sql: string, rows: unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000) await conn.query(sql, [rows.slice(i, i + 1_000)]);
}

/** Writes each reader's FOLLOWS_EACH follows (their old ones first removed); the plan of the first, for the record. */
async function giveFollows(conn: Connection, readerIds: number[], excluded: number[]) {
  const [members] = await conn.query<RowDataPacket[]>("SELECT id FROM users WHERE role = 'member' ORDER BY id");
  const [tagRows] = await conn.query<RowDataPacket[]>('SELECT t.id, COUNT(rt.report_id) AS reports FROM tags t LEFT JOIN report_tags rt ON rt.tag_id = t.id GROUP BY t.id');
  const [categoryRows] = await conn.query<RowDataPacket[]>('SELECT id FROM categories WHERE `key` IN (?) ORDER BY id', [QUIET_CATEGORY_KEYS]);
  const memberIds = ids(members).filter((id) => !excluded.includes(id) && !readerIds.includes(id));
  const tagUsage = tagRows.map((row) => ({ id: Number(row.id), reports: Number(row.reports) }));
  const tags = Math.min(TAGS_EACH, Math.floor(tagUsage.length / 4));
  const at = '2026-01-01 00:00:00';
  let first = { members: 0, tags: 0, categories: 0 };
  for (const readerId of readerIds) {
    const plan = planFollows({ readerId, memberIds, tagUsage, categoryIds: ids(categoryRows), total: FOLLOWS_EACH, tags, categories: QUIET_CATEGORY_KEYS.length });
    for (const table of ['member_follows WHERE follower_id', 'tag_follows WHERE user_id', 'category_follows WHERE user_id']) await conn.query(`DELETE FROM ${table} = ?`, [readerId]);
    await insertPairs(conn, 'INSERT INTO member_follows (follower_id, followee_id, state, created_at, approved_at) VALUES ?', plan.members.map((id) => [readerId, id, 'approved', at, at]));
    await insertPairs(conn, 'INSERT INTO tag_follows (user_id, tag_id, created_at) VALUES ?', plan.tags.map((id) => [readerId, id, at]));
    await insertPairs(conn, 'INSERT INTO category_follows (user_id, category_id, created_at) VALUES ?', plan.categories.map((id) => [readerId, id, at]));
    if (first.members === 0) first = { members: plan.members.length, tags: plan.tags.length, categories: plan.categories.length };
  }
  return first;
}

/** CURSORS フォロー中 cursors over [from, to) of the listed reports, newest first. */
async function feedCursors(conn: Connection, from: number, to: number): Promise<string[]> {
  const [rows] = await conn.query<RowDataPacket[]>('SELECT id, created_at FROM reports WHERE listed = 1 ORDER BY created_at DESC, id DESC');
  return spreadPositions(rows.length, CURSORS, from, to).map((position) => {
    const row = rows[position] as RowDataPacket;
    return encodeFeedCursor({ sort: 'following', key: new Date(row.created_at as Date).getTime(), id: Number(row.id) });
  });
}

/** A report as the form sends it (multipart), with the first tag of each required category. */
function reportForm(tags: TagItem[], title: string): FormData {
  const first = (key: string) => String(tags.find((tag) => tag.category_id?.key === key)?._id ?? '');
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title,
    description: `${title}の感想です。縄の跡が翌日まで残りました。`,
    tips: '',
    duration: '',
    gender: first('gender'),
    sexualOrientation: first('sexualOrientation'),
    role: first('role'),
    isDraft: 'false',
    'playCategories[0]': first('playCategory'),
    'playContents[0]': first('playContent'),
  })) {
    form.append(name, value);
  }
  return form;
}

async function publish(baseUrl: string, session: MemberSession, tags: TagItem[], title: string): Promise<{ ms: number; queries: number }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/reports`, { method: 'POST', headers: session.headers, body: reportForm(tags, title) });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`publish answered ${response.status}: ${text}`);
  return { ms, queries: Number(response.headers.get(QUERY_COUNT_HEADER)) };
}

interface FeedResult {
  label: string;
  runs: LoadFigures[];
  p50: number;
  p95: number;
  requestsPerSecond: number;
  sql: number;
  distinctCursors: number;
  loadAverages: number[];
}
interface PublishSide {
  followers: number;
  p50: number;
  p95: number;
  sql: number;
  samples: number;
}

async function main(): Promise<void> {
  const flags = parseCliFlags(process.argv.slice(2), []);
  const database = process.argv.includes('--database') ? String(process.argv[process.argv.indexOf('--database') + 1]) : 'hiraku_bench_100000';
  const runs = flags.int('runs', 3);
  const seconds = flags.int('seconds', 8);
  const connections = flags.int('connections', 16);
  // --rate: requests a second offered; without it every connection is kept busy (the saturation point).
  const rate = flags.has('rate') ? flags.int('rate', 1) : undefined;
  const url = databaseUrl(MYSQL_SERVER_URL, database);
  const conn = await mysql.createConnection({ uri: url, timezone: 'Z' });
  const [[counts]] = await conn.query<RowDataPacket[]>("SELECT (SELECT COUNT(*) FROM reports WHERE listed = 1) AS reports, (SELECT COUNT(*) FROM users WHERE role = 'member') AS members");
  const [[memberCount]] = await conn.query<RowDataPacket[]>("SELECT COUNT(*) AS n FROM users WHERE email LIKE '%@bench.hiraku.local'");
  const lastIndex = Number(memberCount?.n) - 1;
  const loudIndex = lastIndex;
  const quietIndex = lastIndex - 1;
  const readerIds = await Promise.all(Array.from({ length: READERS }, (_, i) => userId(conn, i)));
  const [loudId, quietId] = [await userId(conn, loudIndex), await userId(conn, quietIndex)];

  console.info(`  ${Number(counts?.reports).toLocaleString('en')} listed reports, ${Number(counts?.members).toLocaleString('en')} members; writing follows`);
  const plan = await giveFollows(conn, readerIds, [loudId, quietId]);
  await conn.query('DELETE FROM member_follows WHERE followee_id IN (?, ?)', [loudId, quietId]);
  const [followerRows] = await conn.query<RowDataPacket[]>("SELECT id FROM users WHERE role = 'member' AND id NOT IN (?) ORDER BY id LIMIT ?", [[...readerIds, loudId, quietId], PUBLISH_FOLLOWERS]);
  const at = '2026-01-01 00:00:00';
  await insertPairs(conn, 'INSERT INTO member_follows (follower_id, followee_id, state, created_at, approved_at) VALUES ?', ids(followerRows).map((id) => [id, loudId, 'approved', at, at]));
  const loudFollowers = followerRows.length;
  console.info(`  each reader follows ${plan.members} members, ${plan.tags} tags, ${plan.categories} categories; the publishing author has ${loudFollowers} followers`);

  const nearCursors = await feedCursors(conn, 0, 0.1);
  const deepCursors = await feedCursors(conn, 0.5, 1);

  const meili = await startBenchMeilisearch();
  const server = await startBenchServer(appServerOptions(url, meili));
  const started = new Date();
  const feed: FeedResult[] = [];
  const publishing: { loud: PublishSide; quiet: PublishSide; ratio: number; loadAverages: number[] } = {
    loud: { followers: loudFollowers, p50: 0, p95: 0, sql: 0, samples: 0 },
    quiet: { followers: 0, p50: 0, p95: 0, sql: 0, samples: 0 },
    ratio: 0,
    loadAverages: [],
  };
  try {
    const readers = await signInMembers(server.baseUrl, READERS);
    const get = (pathname: string, reader: MemberSession): RequestSpec => ({ method: 'GET', path: pathname, headers: reader.headers });
    const first = '/api/reports/infinite?sort=following';
    const withCursor = (cursors: string[], n: number) => `${first}&lastKey=${cursors[n] ?? ''}`;
    const scenarios = [
      { label: 'フォロー中, first page', rotation: (c: number) => get(first, readers[c % READERS] as MemberSession), distinct: 0, sample: get(first, readers[0] as MemberSession) },
      {
        label: 'フォロー中, near page (own cursor in the top 10 %)',
        rotation: (c: number, i: number) => get(withCursor(nearCursors, cursorIndex(c, i, connections, nearCursors.length)), readers[(c + i) % READERS] as MemberSession),
        distinct: nearCursors.length,
        sample: get(withCursor(nearCursors, Math.floor(nearCursors.length / 2)), readers[0] as MemberSession),
      },
      {
        label: 'フォロー中, deep page (own cursor in the deepest half)',
        rotation: (c: number, i: number) => get(withCursor(deepCursors, cursorIndex(c, i, connections, deepCursors.length)), readers[(c + i) % READERS] as MemberSession),
        distinct: deepCursors.length,
        sample: get(withCursor(deepCursors, Math.floor(deepCursors.length / 2)), readers[0] as MemberSession),
      },
    ];
    for (const scenario of scenarios) {
      console.info(`  ${scenario.label}`);
      await runLoadOnce({ baseUrl: server.baseUrl, rotation: scenario.rotation, connections, seconds: 2 });
      const figures: LoadFigures[] = [];
      const loadAverages: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        loadAverages.push(Number((os.loadavg()[0] ?? 0).toFixed(2)));
        figures.push(await runLoadOnce({ baseUrl: server.baseUrl, rotation: scenario.rotation, connections, seconds, rate }));
      }
      const result: FeedResult = {
        label: scenario.label,
        runs: figures,
        p50: median(figures.map((f) => f.p50)),
        p95: median(figures.map((f) => f.p95)),
        requestsPerSecond: median(figures.map((f) => f.requestsPerSecond)),
        sql: (await countSqlPerRequest(server.baseUrl, [scenario.sample])).max,
        distinctCursors: scenario.distinct,
        loadAverages,
      };
      feed.push(result);
      const requests = figures.map((f) => f.requests);
      console.info(`    p50 ${result.p50} ms, p95 ${result.p95} ms, ${Math.round(result.requestsPerSecond)} req/s, requests per run ${requests.join('/')}, failures ${figures.map((f) => f.failures).join('/')}`);
      if (scenario.distinct > 0 && Math.max(...requests) > scenario.distinct) console.info(`    note: a run sent more requests than the ${scenario.distinct} cursors; some cursors were sent twice`);
    }

    console.info(`  publish: ${PUBLISH_EACH} reports each, alternating, author with ${loudFollowers} followers and author with none`);
    const tags = (await (await fetch(`${server.baseUrl}/api/tags`)).json()) as TagItem[];
    const [loud, quiet] = [await signIn(server.baseUrl, loudIndex), await signIn(server.baseUrl, quietIndex)];
    const sides = { loud: [] as { ms: number; queries: number }[], quiet: [] as { ms: number; queries: number }[] };
    for (let i = 0; i < PUBLISH_EACH + 3; i += 1) {
      if (i % 10 === 0) publishing.loadAverages.push(Number((os.loadavg()[0] ?? 0).toFixed(2)));
      const a = await publish(server.baseUrl, loud, tags, `縄の記録${i}（フォロワーあり）`);
      const b = await publish(server.baseUrl, quiet, tags, `縄の記録${i}（フォロワーなし）`);
      // The first three of each warm the path up.
      if (i >= 3) {
        sides.loud.push(a);
        sides.quiet.push(b);
      }
    }
    const side = (samples: { ms: number; queries: number }[], followers: number): PublishSide => ({
      followers,
      p50: Number(percentile(samples.map((s) => s.ms), 50).toFixed(1)),
      p95: Number(percentile(samples.map((s) => s.ms), 95).toFixed(1)),
      sql: Math.max(...samples.map((s) => s.queries)),
      samples: samples.length,
    });
    publishing.loud = side(sides.loud, loudFollowers);
    publishing.quiet = side(sides.quiet, 0);
    publishing.ratio = Number((publishing.loud.p50 / publishing.quiet.p50).toFixed(2));
    console.info(`    p50 ${publishing.quiet.p50} ms (none) -> ${publishing.loud.p50} ms (${loudFollowers}) = ${publishing.ratio}x (goal ≤ ${PUBLISH_GOAL}); p95 ${publishing.quiet.p95} / ${publishing.loud.p95} ms; SQL ${publishing.quiet.sql} / ${publishing.loud.sql}`);
  } finally {
    await conn.end();
    await server.stop();
    await meili.stop();
  }
  const out = {
    started: started.toISOString(),
    database,
    listedReports: Number(counts?.reports),
    members: Number(counts?.members),
    followsEach: plan,
    readers: READERS,
    runs,
    seconds,
    connections,
    rate,
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
    loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
    goals: { feedP95Ms: FEED_GOAL_P95_MS, publishRatio: PUBLISH_GOAL },
    feed,
    publishing,
  };
  const resultsDir = OFFSET ? path.join(WORK_DIR, `trial-${OFFSET}`) : BENCH_DIR;
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'follows-results.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.info(`  written to ${path.join(resultsDir, 'follows-results.json')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
