/**
 * `npm run bench:engine -- --database hiraku_bench_<n>`: Meilisearch's own time for what the API
 * sends, taken apart. For the real-traffic phase's search combinations (searchMix: words × filter × sort ×
 * offset, each asked once, in order, one at a time, so nothing is served twice by any cache) it sends:
 * - `sent`: what searchReportIds sends (a single search, or a federated one for glossary words);
 * - `federated`: the request every search was before (one federated multi-search of all its variants, one
 *   variant for a plain word), the reference;
 * - each part of it alone: every variant as its own single search (`variant`), with the same filter, sort,
 *   page and attributes, so the federated overhead is `federated` minus the sum of its parts;
 * and reports p50/p95/max of Meilisearch's processingTimeMs and of the round trip, per kind, for all
 * combinations and split into plain words and glossary words. The first 10 combinations warm up.
 * Needs the index of `npm run bench -- --phases data,index` (bench/.data/meilisearch). Writes
 * engine-results.json; the figures go into RESULTS.md by hand.
 */
import fs from 'node:fs';
import os from 'node:os';
import { LIMITS } from '@hiraku/shared';
import { createSearchClient, reportsIndexUid } from '@hiraku/search';
import { buildReportRequest, searchReportIds } from '@hiraku/search/src/searchReports';
import mysql, { type RowDataPacket } from 'mysql2/promise';
import { MEILI_INDEX_PREFIX, MYSQL_SERVER_URL, resultsPath } from '../config';
import { createRandom } from '../data/corpus';
import { databaseUrl } from '../data/database';
import { parseCliFlags } from '../load/cliFlags';
import { startBenchMeilisearch } from '../meili';
import { searchCombinations, type SearchCombination } from '../traffic/searchMix';

interface Timing {
  engineMs: number;
  roundTripMs: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

function summary(timings: Timing[]) {
  const engine = timings.map((t) => t.engineMs);
  const trip = timings.map((t) => t.roundTripMs);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: timings.length,
    engine: { p50: round(percentile(engine, 50)), p95: round(percentile(engine, 95)), max: round(Math.max(...engine)) },
    roundTrip: { p50: round(percentile(trip, 50)), p95: round(percentile(trip, 95)), max: round(Math.max(...trip)) },
  };
}

const WARM_UP = 10;

function newTimings(): Record<'sent' | 'federated' | 'variant', Timing[]> {
  return { sent: [], federated: [], variant: [] };
}

function filtersOf(combo: SearchCombination) {
  return combo.filter ? { [combo.filter.name]: combo.filter.id } : {};
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const flags = parseCliFlags(argv, []);
  const database = argv.includes('--database') ? String(argv[argv.indexOf('--database') + 1]) : 'hiraku_bench_100000';
  const count = flags.int('combinations', 600);
  const conn = await mysql.createConnection({ uri: databaseUrl(MYSQL_SERVER_URL, database), timezone: 'Z' });
  const [tagRows] = await conn.query<RowDataPacket[]>('SELECT DISTINCT kind, tag_id AS id FROM report_tags');
  const [[size]] = await conn.query<RowDataPacket[]>('SELECT COUNT(*) AS n FROM reports');
  await conn.end();
  const combos = searchCombinations(count, {
    playCategory: tagRows.filter((row) => row.kind === 'playCategory').map((row) => Number(row.id)),
    playContent: tagRows.filter((row) => row.kind === 'playContent').map((row) => Number(row.id)),
  }, createRandom(33));

  const meili = await startBenchMeilisearch();
  const client = createSearchClient({ host: meili.host, apiKey: meili.masterKey, timeoutMs: 60_000 });
  const indexUid = reportsIndexUid(MEILI_INDEX_PREFIX);
  const kinds = ['sent', 'federated', 'variant'] as const;
  const timings = { plain: newTimings(), glossary: newTimings() };
  let variantsPerRequest = 0;
  const timed = async (into: Timing[], call: () => Promise<number | undefined>) => {
    const started = performance.now();
    const engineMs = await call();
    into.push({ engineMs: engineMs ?? Number.NaN, roundTripMs: performance.now() - started });
  };
  try {
    const loadAverage = os.loadavg()[0] ?? Number.NaN;
    for (const [rank, combo] of combos.entries()) {
      const params = { query: combo.query, filters: filtersOf(combo), sort: combo.sort, offset: combo.offset, limit: LIMITS.pageSize };
      const request = buildReportRequest(indexUid, params);
      const into = rank < WARM_UP ? newTimings() : timings[request.queries.length > 1 ? 'glossary' : 'plain'];
      variantsPerRequest += request.queries.length;
      await timed(into.sent, async () => (await searchReportIds(client, indexUid, params)).engineMs);
      await timed(into.federated, async () => (await client.multiSearch(request)).processingTimeMs);
      for (const query of request.queries) {
        const { indexUid: uid, q, ...search } = query;
        await timed(into.variant, async () => (await client.index(uid).search(q, { ...search, ...request.federation })).processingTimeMs);
      }
    }
    const all = Object.fromEntries(kinds.map((kind) => [kind, summary([...timings.plain[kind], ...timings.glossary[kind]])]));
    const split = (which: 'plain' | 'glossary') => Object.fromEntries(kinds.map((kind) => [kind, summary(timings[which][kind])]));
    const figures = {
      when: new Date().toISOString(),
      reports: Number(size?.n),
      combinations: combos.length,
      warmUp: WARM_UP,
      variantsPerRequest: Math.round((variantsPerRequest / combos.length) * 100) / 100,
      loadAverage: { start: loadAverage, end: os.loadavg()[0] },
      all,
      plainWords: split('plain'),
      glossaryWords: split('glossary'),
    };
    console.info(JSON.stringify(figures, null, 2));
    fs.writeFileSync(resultsPath('engine-results.json'), `${JSON.stringify(figures, null, 2)}\n`);
  } finally {
    await meili.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
