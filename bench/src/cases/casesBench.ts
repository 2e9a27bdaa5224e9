import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import mysql from 'mysql2/promise';
import { COOKIE_NAMES } from '@hiraku/shared';
import { createApp } from '../../../server/src/app';
import { startSession } from '../../../server/src/auth/sessions';
import { newTotpSecret } from '../../../server/src/auth/totp';
import { boot } from '../../../server/src/boot';
import { parseEnv } from '../../../server/src/env';
import { BENCH_DIR } from '../config';
import { deepCaseCursor, generateCases } from '../data/cases';
import { createBenchData, databaseUrl } from '../data/database';
import { memberEmail } from '../data/generate';
import { send } from '../load/sqlCount';
import { countQueries, withQueryCountHeader } from '../server/queryCounter';

/**
 * The case queue at a busy day's size: 100,000 flags, 20,000 open cases on 20,000 reports by
 * 2,000 members. The real app (boot + createApp, search unreachable: the queue never asks it) in this
 * process, an operator's session, and the first page and a page deep in the queue asked one request at
 * a time: p50 and p95 of each, and the SQL statements per page. `npm run bench:cases`; flags
 * `--reuse-data`, `--requests 300`. Port 3127 (3128 unused), database hiraku_bench_cases.
 */

const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const DATABASE = 'hiraku_bench_cases';
const REPORTS = 20_000;
const MEMBERS = 2_000;
const OPEN_CASES = 20_000;
const FLAGS = 100_000;
const DEPTH = 15_000;
const OPERATOR_INDEX = MEMBERS - 1;
const PORT = Number(process.env.BENCH_CASES_PORT ?? 3127);
const RESULTS_FILE = path.join(BENCH_DIR, 'cases-results.json');

const argv = process.argv.slice(2);
const reuse = argv.includes('--reuse-data');
const requestsAt = argv.indexOf('--requests');
const REQUESTS = requestsAt >= 0 ? Number(argv[requestsAt + 1]) : 300;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function main(): Promise<void> {
  const url = databaseUrl(MYSQL, DATABASE);
  if (!reuse) {
    const started = Date.now();
    await createBenchData({ serverUrl: MYSQL, database: DATABASE, reports: REPORTS, members: MEMBERS, seed: 18 });
    const conn = await mysql.createConnection({ uri: url, charset: 'UTF8MB4_UNICODE_CI', timezone: 'Z' });
    try {
      const summary = await generateCases(conn, { openCases: OPEN_CASES, flags: FLAGS, seed: 18, operatorIndex: OPERATOR_INDEX });
      console.info(`data: ${JSON.stringify(summary)} in ${Math.round((Date.now() - started) / 1000)} s`);
    } finally {
      await conn.end();
    }
  }
  const conn = await mysql.createConnection({ uri: url, charset: 'UTF8MB4_UNICODE_CI', timezone: 'Z' });
  const deepCursor = await deepCaseCursor(conn, DEPTH);
  const [[counts]] = await conn.query<mysql.RowDataPacket[]>(
    "SELECT (SELECT COUNT(*) FROM flags) AS flags, (SELECT COUNT(*) FROM moderation_cases WHERE status = 'open') AS openCases, (SELECT COUNT(*) FROM moderation_cases) AS cases",
  );
  await conn.end();

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-bench-cases-'));
  const env = parseEnv({
    ...process.env,
    NODE_ENV: 'production',
    HIRAKU_ROLE: 'api',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    // Nothing listens there: the queue never asks the search engine.
    MEILI_HOST: 'http://127.0.0.1:7759',
    MEILI_MASTER_KEY: 'bench',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1000',
  });
  const { services, shutdown } = await boot(env);
  const operator = await services.models.User.findOne({ where: { email: memberEmail(OPERATOR_INDEX) } });
  if (!operator) throw new Error('no operator in the data set');
  // Operators act only with a second factor; the session is issued directly, as after the code.
  await operator.update({ role: 'operator', totpSecret: newTotpSecret(), totpEnabledAt: new Date() });
  const session = await startSession(services, operator);
  countQueries(services.sequelize);
  const server = http.createServer(withQueryCountHeader(createApp(services).callback()));
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const headers = { cookie: `${COOKIE_NAMES.access}=${session.accessToken}` };

  const scenarios = [
    { key: 'cases-first', label: 'case queue, first page', path: '/api/moderation/cases' },
    { key: 'cases-deep', label: `case queue, ${DEPTH.toLocaleString('en')} open cases deep`, path: `/api/moderation/cases?cursor=${encodeURIComponent(deepCursor)}` },
    { key: 'case-counts', label: 'open and overdue counts (badge)', path: '/api/moderation/cases/counts' },
  ];
  const results: Record<string, unknown> = {};
  try {
    for (const scenario of scenarios) {
      const spec = { method: 'GET' as const, path: scenario.path, headers };
      for (let i = 0; i < 20; i += 1) await send(baseUrl, spec);
      const ms: number[] = [];
      const queries = new Set<number>();
      const statuses = new Set<number>();
      let items = 0;
      for (let i = 0; i < REQUESTS; i += 1) {
        const answer = await send(baseUrl, spec);
        ms.push(answer.ms);
        queries.add(answer.queries);
        statuses.add(answer.status);
        items = Array.isArray((answer.body as { items?: unknown[] }).items) ? ((answer.body as { items: unknown[] }).items.length) : items;
      }
      results[scenario.key] = {
        label: scenario.label,
        requests: REQUESTS,
        p50Ms: Number(percentile(ms, 50).toFixed(1)),
        p95Ms: Number(percentile(ms, 95).toFixed(1)),
        statements: [...queries],
        statuses: [...statuses],
        itemsPerPage: items,
      };
      console.info(`${scenario.label}: ${JSON.stringify(results[scenario.key])}`);
    }
  } finally {
    server.close();
    server.closeAllConnections();
    await shutdown();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  const out = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', node: process.version, loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))) },
    data: { reports: REPORTS, members: MEMBERS, flags: Number(counts?.flags), openCases: Number(counts?.openCases), cases: Number(counts?.cases), deepCursorAt: DEPTH },
    results,
  };
  await fs.writeFile(RESULTS_FILE, `${JSON.stringify(out, null, 2)}\n`);
  console.info(`written ${RESULTS_FILE}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
