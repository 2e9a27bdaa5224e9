import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import mysql from 'mysql2/promise';
import { addDays, COOKIE_NAMES, japanDay } from '@hiraku/shared';
import { createApp } from '../../../server/src/app';
import { startSession } from '../../../server/src/auth/sessions';
import { newTotpSecret } from '../../../server/src/auth/totp';
import { boot } from '../../../server/src/boot';
import { rollUpDay } from '../../../server/src/commands/analytics';
import { parseEnv } from '../../../server/src/env';
import { generateAnalytics } from '../data/analytics';
import { deepCaseCursor, generateCases } from '../data/cases';
import { createBenchData, databaseUrl } from '../data/database';
import { memberEmail } from '../data/generate';
import { parseCliFlags } from '../load/cliFlags';
import { send } from '../load/sqlCount';
import { countQueries, withQueryCountHeader } from '../server/queryCounter';
import { OPERATORS_DEFAULT_REPORTS, operatorsResultsFile, writeOperatorsSection } from './operatorsReport';

/**
 * The operators' screens at a busy community's size: 100,000 reports by 20,000 members,
 * 100,000 flags (20,000 open cases), 200,000 analytics events over the last 366 days rolled up by the
 * project's own rollUpDay. The real app (boot + createApp, search unreachable: none of these asks it) in
 * this process, an operator's session, each request asked one at a time: p50/p95, SQL statements, answer
 * size. References in the same run: the analytics answer with migration 0022's indexes dropped (what it
 * cost before), and the member search's former statement next to the new one, sent directly.
 * `npm run bench:operators`; flags `--reuse-data`, `--requests 200`, `--reports 1000000` (the same members,
 * flags and events beside a million reports, in a database and results file of their own). Port 3291
 * (BENCH_OPERATORS_PORT), database hiraku_bench_operators (hiraku_bench_operators_<reports> for other sizes).
 */

const flags = parseCliFlags(process.argv.slice(2), ['reuse-data']);
const reuse = flags.has('reuse-data');
const REQUESTS = flags.int('requests', 200);
const REPORTS = flags.int('reports', OPERATORS_DEFAULT_REPORTS);
if (REPORTS < 1_000) throw new Error(`--reports takes a whole number of at least 1000, not ${REPORTS}`);
const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const DATABASE =
  process.env.BENCH_OPERATORS_DATABASE ?? (REPORTS === OPERATORS_DEFAULT_REPORTS ? 'hiraku_bench_operators' : `hiraku_bench_operators_${REPORTS}`);
const MEMBERS = 20_000;
const OPEN_CASES = 20_000;
const FLAGS = 100_000;
const EVENTS = 200_000;
const DAYS = 366;
const DEPTH = 15_000;
const OPERATOR_INDEX = MEMBERS - 1;
const PORT = Number(process.env.BENCH_OPERATORS_PORT ?? 3291);
const RESULTS_FILE = operatorsResultsFile(REPORTS);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const round = (n: number) => Number(n.toFixed(1));

/** The analytics indexes of migration 0022, dropped for the "before" reference and put back. */
const ANALYTICS_INDEXES = [
  ['reports', 'reports_published_at_is_draft', '(published_at, is_draft)'],
  ['comments', 'comments_created_at', '(created_at)'],
  ['users', 'users_created_at', '(created_at)'],
] as const;

/** The member search's statement before issue 22: one OR across users and profiles. */
const FORMER_MEMBER_SEARCH = `SELECT u.id AS id FROM users u LEFT JOIN profiles p ON p.user_id = u.id
  WHERE u.public_id = ? OR p.username LIKE ? ESCAPE '!'
  ORDER BY CASE WHEN u.public_id = ? THEN 0 ELSE 1 END, u.created_at DESC, u.id DESC LIMIT 20`;
const NEW_MEMBER_SEARCH = `SELECT id FROM (
    SELECT u.id AS id, 0 AS exact, u.created_at AS created_at FROM users u WHERE u.public_id = ?
    UNION
    SELECT * FROM (SELECT u.id AS id, 1 AS exact, u.created_at AS created_at FROM profiles p STRAIGHT_JOIN users u ON u.id = p.user_id
      WHERE p.username LIKE ? ESCAPE '!' AND u.public_id <> ? ORDER BY u.created_at DESC, u.id DESC LIMIT 20) named
  ) found ORDER BY exact, created_at DESC, id DESC LIMIT 20`;

export interface Figure {
  label: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  statements: number[];
  statuses: number[];
  bytes: number;
}

async function main(): Promise<void> {
  const url = databaseUrl(MYSQL, DATABASE);
  const dataStarted = Date.now();
  if (!reuse) {
    await createBenchData({ serverUrl: MYSQL, database: DATABASE, reports: REPORTS, members: MEMBERS, seed: 22 });
    const conn = await mysql.createConnection({ uri: url, charset: 'UTF8MB4_UNICODE_CI', timezone: 'Z' });
    try {
      const cases = await generateCases(conn, { openCases: OPEN_CASES, flags: FLAGS, seed: 22, operatorIndex: OPERATOR_INDEX });
      const events = await generateAnalytics(conn, { events: EVENTS, days: DAYS, seed: 22 });
      console.info(`data: ${JSON.stringify({ cases, events })} in ${Math.round((Date.now() - dataStarted) / 1000)} s`);
    } finally {
      await conn.end();
    }
  }
  const conn = await mysql.createConnection({ uri: url, charset: 'UTF8MB4_UNICODE_CI', timezone: 'Z' });
  const deepCursor = await deepCaseCursor(conn, DEPTH);
  const [[closedDeep]] = await conn.query<mysql.RowDataPacket[]>("SELECT id FROM moderation_cases WHERE status = 'closed' ORDER BY id DESC LIMIT 1 OFFSET ?", [DEPTH]);
  const [[sample]] = await conn.query<mysql.RowDataPacket[]>('SELECT u.public_id AS publicId, p.username AS username FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ?', [
    Math.floor(MEMBERS / 3),
  ]);
  const publicId = String(sample?.publicId);
  const namePart = Array.from(String(sample?.username)).slice(1, 3).join('');

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-bench-operators-'));
  const env = parseEnv({
    ...process.env,
    NODE_ENV: 'production',
    HIRAKU_ROLE: 'api',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    // Nothing listens there: no operator screen measured here asks the search engine.
    MEILI_HOST: 'http://127.0.0.1:7759',
    MEILI_MASTER_KEY: 'bench',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1000',
  });
  const { services, shutdown } = await boot(env);
  if (!reuse) {
    // The worker's daily totals for every day of the year, made by the project's own roll-up.
    const started = Date.now();
    const today = japanDay(new Date());
    for (let day = addDays(today, -(DAYS - 1)); day < addDays(today, -1); day = addDays(day, 1)) await rollUpDay(services, day);
    console.info(`rolled up ${DAYS - 2} days in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const [[counts]] = await conn.query<mysql.RowDataPacket[]>(
    `SELECT (SELECT COUNT(*) FROM reports) AS reports, (SELECT COUNT(*) FROM users) AS members, (SELECT COUNT(*) FROM comments) AS comments,
            (SELECT COUNT(*) FROM likes) AS likes, (SELECT COUNT(*) FROM flags) AS flags, (SELECT COUNT(*) FROM moderation_cases) AS cases,
            (SELECT COUNT(*) FROM moderation_cases WHERE status = 'open') AS openCases, (SELECT COUNT(*) FROM analytics_events) AS events,
            (SELECT COUNT(*) FROM analytics_daily) AS dailyRows, (SELECT COUNT(DISTINCT dimension) FROM analytics_daily WHERE metric = 'page_view') AS paths`,
  );
  const operator = await services.models.User.findOne({ where: { email: memberEmail(OPERATOR_INDEX) } });
  if (!operator) throw new Error('no operator in the data set');
  // Operators act only with a second factor; the session is issued directly, as after the code.
  await operator.update({ role: 'operator', totpSecret: newTotpSecret(), totpEnabledAt: new Date() });
  const session = await startSession(services, operator);
  countQueries(services.sequelize);
  // The stored days read afresh: the app's named cache of them emptied before each request.
  const forgetStoredAnalytics = () => services.caches.analyticsDays.clear();
  const server = http.createServer(withQueryCountHeader(createApp(services).callback()));
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const headers = { cookie: `${COOKIE_NAMES.access}=${session.accessToken}` };
  const today = japanDay(new Date());
  const year = `/api/moderation/analytics/daily?from=${addDays(today, -(DAYS - 1))}&to=${today}`;

  const measure = async (label: string, pathAndQuery: string, beforeEach: () => void = () => undefined): Promise<Figure> => {
    const spec = { method: 'GET' as const, path: pathAndQuery, headers };
    for (let i = 0; i < 10; i += 1) await send(baseUrl, spec);
    const ms: number[] = [];
    const statements = new Set<number>();
    const statuses = new Set<number>();
    let bytes = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      beforeEach();
      const answer = await send(baseUrl, spec);
      ms.push(answer.ms);
      statements.add(answer.queries);
      statuses.add(answer.status);
      bytes = Buffer.byteLength(JSON.stringify(answer.body));
    }
    const figure = { label, requests: REQUESTS, p50Ms: round(percentile(ms, 50)), p95Ms: round(percentile(ms, 95)), statements: [...statements], statuses: [...statuses], bytes };
    console.info(`${label}: ${JSON.stringify(figure)}`);
    return figure;
  };
  const direct = async (label: string, sql: string, params: unknown[]): Promise<Figure> => {
    for (let i = 0; i < 5; i += 1) await conn.query(sql, params);
    const ms: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = performance.now();
      await conn.query(sql, params);
      ms.push(performance.now() - started);
    }
    const figure = { label, requests: REQUESTS, p50Ms: round(percentile(ms, 50)), p95Ms: round(percentile(ms, 95)), statements: [1], statuses: [], bytes: 0 };
    console.info(`${label}: ${JSON.stringify(figure)}`);
    return figure;
  };

  const results: Record<string, Figure> = {};
  const loadBefore = os.loadavg().map((n) => Number(n.toFixed(2)));
  try {
    results['analytics-year'] = await measure(`analytics, ${DAYS} days (stored days from the minute's memory)`, year);
    results['analytics-year-cold'] = await measure(`analytics, ${DAYS} days, stored days read afresh each time`, year, forgetStoredAnalytics);
    results['analytics-month'] = await measure('analytics, 30 days (the screen opens on it)', `/api/moderation/analytics/daily?from=${addDays(today, -29)}&to=${today}`);
    results['analytics-today'] = await measure('analytics, today alone (every route named)', `/api/moderation/analytics/daily?from=${today}&to=${today}`);
    results['members-public-id'] = await measure('member search, exact public id', `/api/moderation/users?query=${publicId}`);
    results['members-name'] = await measure('member search, part of a username', `/api/moderation/users?query=${encodeURIComponent(namePart)}`);
    results['members-newest'] = await measure('member list, newest (empty query)', '/api/moderation/users');
    results['cases-first'] = await measure('case queue, open, first page', '/api/moderation/cases');
    results['cases-deep'] = await measure(`case queue, open, ${DEPTH.toLocaleString('en')} deep`, `/api/moderation/cases?cursor=${encodeURIComponent(deepCursor)}`);
    results['cases-closed-first'] = await measure('case queue, closed, first page', '/api/moderation/cases?status=closed');
    results['cases-closed-deep'] = await measure(
      `case queue, closed, ${DEPTH.toLocaleString('en')} deep`,
      `/api/moderation/cases?status=closed&cursor=${encodeURIComponent(`0.${Number(closedDeep?.id)}`)}`,
    );
    const pattern = `%${namePart}%`;
    results['sql-member-search-former'] = await direct('member search statement before issue 22, exact public id (direct)', FORMER_MEMBER_SEARCH, [publicId, `%${publicId}%`, publicId]);
    results['sql-member-search-new'] = await direct('member search statement now, exact public id (direct)', NEW_MEMBER_SEARCH, [publicId, `%${publicId}%`, publicId]);
    results['sql-member-name-former'] = await direct('member search statement before issue 22, name part (direct)', FORMER_MEMBER_SEARCH, [namePart, pattern, namePart]);
    // The reference last: the year's analytics without 0022's indexes, as it was counted before.
    for (const [table, index] of ANALYTICS_INDEXES) await conn.query(`ALTER TABLE ${table} DROP INDEX ${index}`);
    try {
      const before = await measure(`analytics, ${DAYS} days, stored days read afresh, without migration 0022's counting indexes (reference)`, year, forgetStoredAnalytics);
      results['analytics-year-unindexed'] = { ...before, requests: before.requests };
    } finally {
      for (const [table, index, columns] of ANALYTICS_INDEXES) await conn.query(`ALTER TABLE ${table} ADD INDEX ${index} ${columns}`);
    }
  } finally {
    server.close();
    server.closeAllConnections();
    await conn.end();
    await shutdown();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  const out = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', node: process.version, loadAverageBefore: loadBefore, loadAverageAfter: os.loadavg().map((n) => Number(n.toFixed(2))) },
    data: Object.fromEntries(Object.entries(counts ?? {}).map(([key, value]) => [key, Number(value)])),
    results,
  };
  await fs.writeFile(RESULTS_FILE, `${JSON.stringify(out, null, 2)}\n`);
  console.info(`written ${RESULTS_FILE}`);
  await writeOperatorsSection();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
