/**
 * `npm run bench:safety`: members with 200 blocks, 200 mutes and 100 muted words read the
 * feed's first page and search as fast as members with none. One API process, 16 plain readers and 16
 * protected ones (bench/src/data/safetyLoad.ts), the same requests for both, runs alternating plain and
 * protected so both meet the same load; p50 of each side's median run, their ratio (goal ≤ 1.2x), and the
 * SQL statements of one request each. Writes safety-results.json and the marked safety section of
 * RESULTS.md.
 *
 * Needs the data and index of `npm run bench -- --phases data,index` (same --database and
 * BENCH_PORT_OFFSET). Reports generated before the generator filled `match_text` get it here, by the
 * server's own refreshMatchTexts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportsIndexUid } from '@hiraku/search';
import mysql from 'mysql2/promise';
import { QueryTypes } from 'sequelize';
import { refreshMatchTexts } from '../../../server/src/commands/reportMatchText';
import { createSequelize } from '../../../server/src/db/connection';
import { initModels } from '../../../server/src/models';
import { BENCH_DIR, MEILI_INDEX_PREFIX, MYSQL_SERVER_URL, OFFSET, WORK_DIR } from '../config';
import { databaseUrl } from '../data/database';
import { giveSafetyLoad, SAFETY_LOAD } from '../data/safetyLoad';
import { parseCliFlags } from '../load/cliFlags';
import { runLoadOnce, type LoadFigures } from '../load/runLoad';
import { DEEP_REPORTS, feedScenarios, searchScenario, type Scenario } from '../load/scenarios';
import { signInMembers } from '../load/sessions';
import { countSqlPerRequest } from '../load/sqlCount';
import { startBenchMeilisearch } from '../meili';
import { writeMarkedSection } from '../scaleout/resultsSection';
import { appServerOptions, startBenchServer } from '../server/processes';

const READERS = 16;
const GOAL = 1.2;

interface Side {
  runs: LoadFigures[];
  p50: number;
  requestsPerSecond: number;
  sql: number;
}
interface Pair {
  label: string;
  plain: Side;
  protected: Side;
  ratio: number;
  loadAverages: number[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function fillMatchTexts(url: string): Promise<number> {
  const sequelize = createSequelize({ databaseUrl: url, dataDir: '.', logging: false });
  const models = initModels(sequelize);
  let filled = 0;
  try {
    for (;;) {
      const rows = await sequelize.query<{ id: number }>('SELECT id FROM reports WHERE match_text IS NULL ORDER BY id LIMIT 1000', { type: QueryTypes.SELECT });
      if (rows.length === 0) return filled;
      await refreshMatchTexts(models, rows.map((row) => Number(row.id)));
      filled += rows.length;
    }
  } finally {
    await sequelize.close();
  }
}

async function main(): Promise<void> {
  const flags = parseCliFlags(process.argv.slice(2), []);
  const database = process.argv.includes('--database') ? String(process.argv[process.argv.indexOf('--database') + 1]) : 'hiraku_bench_100000';
  const runs = flags.int('runs', 3);
  const seconds = flags.int('seconds', 8);
  const connections = flags.int('connections', 16);
  const url = databaseUrl(MYSQL_SERVER_URL, database);
  const filled = await fillMatchTexts(url);
  if (filled > 0) console.info(`  match_text filled for ${filled} reports`);

  const meili = await startBenchMeilisearch();
  const server = await startBenchServer(appServerOptions(url, meili));
  const conn = await mysql.createConnection({ uri: url, timezone: 'Z' });
  const started = new Date();
  const pairs: Pair[] = [];
  try {
    const plainReaders = await signInMembers(server.baseUrl, READERS);
    const protectedReaders = await signInMembers(server.baseUrl, READERS, READERS);
    for (const reader of protectedReaders) await giveSafetyLoad(conn, reader.email, { spare: plainReaders.map((member) => member.email) });
    const meiliTarget = { host: meili.host, key: meili.masterKey, indexUid: reportsIndexUid(MEILI_INDEX_PREFIX) };
    const scenariosFor = async (readers: typeof plainReaders): Promise<Scenario[]> => [
      ...(await feedScenarios(conn, readers, DEEP_REPORTS)).filter((scenario) => scenario.key.endsWith('-first')),
      await searchScenario(conn, readers, meiliTarget),
    ];
    const plain = await scenariosFor(plainReaders);
    const guarded = await scenariosFor(protectedReaders);
    for (const [index, scenario] of plain.entries()) {
      const other = guarded[index] as Scenario;
      console.info(`  ${scenario.label}`);
      const measure = (s: Scenario, secs: number) => runLoadOnce({ baseUrl: server.baseUrl, rotation: s.rotation, connections, seconds: secs });
      await measure(scenario, 2);
      await measure(other, 2);
      const sides = { plain: [] as LoadFigures[], protected: [] as LoadFigures[] };
      const loadAverages: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        loadAverages.push(Number((os.loadavg()[0] ?? 0).toFixed(1)));
        sides.plain.push(await measure(scenario, seconds));
        sides.protected.push(await measure(other, seconds));
      }
      const side = async (figures: LoadFigures[], s: Scenario): Promise<Side> => ({
        runs: figures,
        p50: median(figures.map((f) => f.p50)),
        requestsPerSecond: median(figures.map((f) => f.requestsPerSecond)),
        sql: (await countSqlPerRequest(server.baseUrl, s.samples)).max,
      });
      const pair: Pair = { label: scenario.label, plain: await side(sides.plain, scenario), protected: await side(sides.protected, other), ratio: 0, loadAverages };
      pair.ratio = Number((pair.protected.p50 / pair.plain.p50).toFixed(2));
      pairs.push(pair);
      console.info(`    p50 ${pair.plain.p50} ms -> ${pair.protected.p50} ms (${pair.ratio}x)`);
    }
  } finally {
    await conn.end();
    await server.stop();
    await meili.stop();
  }
  const out = { started: started.toISOString(), database, runs, seconds, connections, machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`, pairs };
  const resultsDir = OFFSET ? path.join(WORK_DIR, `trial-${OFFSET}`) : BENCH_DIR;
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'safety-results.json'), `${JSON.stringify(out, null, 2)}\n`);
  if (!OFFSET) writeMarkedSection(section(out), 'safety');
}

function section(out: { started: string; database: string; runs: number; seconds: number; connections: number; machine: string; pairs: Pair[] }): string {
  const rows = out.pairs.map(
    (p) =>
      `| ${p.label} | ${p.plain.p50.toFixed(1)} ms | ${p.protected.p50.toFixed(1)} ms | ${p.ratio.toFixed(2)}x ${p.ratio <= GOAL ? '**met**' : '**not met**'} | ${Math.round(p.plain.requestsPerSecond)} | ${Math.round(p.protected.requestsPerSecond)} | ${p.plain.sql} / ${p.protected.sql} | ${p.loadAverages.join(', ')} |`,
  );
  return [
    '## Blocks, mutes and muted words (issue 19)',
    '',
    `\`npm run bench:safety -- --database ${out.database}\`, ${out.started.slice(0, 16).replace('T', ' ')} UTC, ${out.machine}. ${READERS} members with none and ${READERS} members with ${SAFETY_LOAD.blocks} blocks, ${SAFETY_LOAD.mutes} mutes and ${SAFETY_LOAD.mutedWords} muted words each (words no report holds, so every card is checked against all of them), the same requests; ${out.connections} connections, ${out.runs} runs of ${out.seconds} s alternating the two, medians.`,
    '',
    `| request | p50, no protections | p50, protected | ratio (goal ≤ ${GOAL}) | req/s, none | req/s, protected | SQL / request (none / protected) | load average per run |`,
    '| --- | ---: | ---: | --- | ---: | ---: | ---: | --- |',
    ...rows,
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
