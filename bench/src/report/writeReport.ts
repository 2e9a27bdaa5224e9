import fs from 'node:fs';
import { CHART_PNG, RESULTS_MD } from '../config';
import { currentMarkedSections } from '../scaleout/resultsSection';
import type { DataSetSummary } from '../data/generate';
import type { HttpFigures, ScenarioFigures } from '../phases/httpPhase';
import type { DirectIndexFigures, ReindexFigures } from '../phases/indexPhase';
import type { WebFigures } from '../phases/webPhase';
import type { PaintFigures } from '../web/assets';
import { readRawResults } from '../results';
import { renderChart, type ChartRow } from './chart';

/** The targets of issue 14 (and issue 13 for the initial JavaScript). */
export const TARGETS = {
  deepOverFirstP50: 1.3,
  feedShareOfReference: 0.35,
  searchP95Ms: 25,
  searchShareOfMeili: 0.4,
  reindexOverReference: 1.3,
  fallbackMs: 1_000,
  initialJsGzipKB: 120,
  lcpMs: 1_000,
  cls: 0,
} as const;

/** Issue 22's absolute targets, judged here; its before/after ratios are in the read and writes sections. */
export const TARGETS_22 = {
  feedP99Ms: 20,
  searchP95Ms: 50,
  apiRssMiB: 250,
  lcpOverStatic: 2,
} as const;

/** Where each kind of gap should be attacked next, from what the code does today. */
const NEXT_STEPS = {
  feedDepth:
    'every page is shared now, not only the first: server/src/commands/feedPageCache.ts keeps each page by where it starts (the cursor\'s keyset) and the like-sorted catch-up per page boundary, and every connection of this benchmark sends the same cursor, as members who scroll on from the same first page hold the same cursors. The first, second and deep page then each cost the session check alone while their shared rows are fresh, so what is left between them is this machine\'s noise between runs minutes apart (compare the reference column of the same rows). A cursor that one member alone holds still reads its page from the database, one statement more (before the pages were shared, on 2026-11-27 09:43: 1.43-2.48x the first page, 0.90-1.32x the second). Next: that page statement with bound parameters, as the session check now is (a prepared statement on MariaDB)',
  feedP99:
    'every page costs the session check (a prepared statement) and its answer on 2 cores that the API shares with MariaDB and the load generator: the p99 is the wait behind the other 15 connections on a saturated machine, and it moves with the VM (the shared first pages had p99 13.0-15.4 ms on a faster VM of this kind on 2026-11-26, 21.3-27.8 ms in the run of the read section). The once-a-second reload of a shared page is not the cause: giving the old page while the next one is read (tried 2026-11-27, not kept) left the p99 at 21-34 ms. Next: API processes on cores of their own (the scale-out section)',
  feedThroughput:
    'a page answered from the shared pages costs one statement, the session check, sent with bound parameters (a prepared statement on MariaDB), and its answer is serialised once (server/src/http/endpoints.ts). The session check stays on every request: a logout or suspension through one API process must end the session on every other at once (server/test/scaleout). A CPU profile of the first page under this load (2026-11-27 13:05): the API process idle a quarter of the time, its 2 cores shared with MariaDB and the load generator; of its busy time 14 % socket writes, 5 % garbage collection, 8 % Sequelize, 5 % mysql2, Koa with its router and middleware about 12 %. Next: API processes on cores of their own (see the scale-out section)',
  search:
    'Meilisearch alone needs most of the time budget for these federated Japanese queries on this machine (its own p50 is in the table); the API adds the card load (one narrow query) and the search log. Next: one query instead of a federated search when a word has no glossary variants, a search cutoff (`searchCutoffMs`), and Meilisearch on a host of its own.',
  reindex:
    'the rebuild keeps at most 100,000 documents queued in Meilisearch and polls only the oldest task (search/src/rebuildReportsIndex.ts); the rest is the process start, the settings, reading the documents from MariaDB on the cores Meilisearch indexes on, the swap and deleting the previous index. Next: time those steps separately and read the next database page on a replica.',
  fallback:
    'the fallback scans the newest 5,000 listed reports under a 0.7 s statement limit; a slower answer means the limit or the window is too wide for this machine.',
  memory:
    'The API runs as deployed: the bundle `npm run serve` runs (server/dist/main.cjs, plain Node, no TypeScript loader) with MALLOC_ARENA_MAX=2, `--max-semi-space-size=8` and `--heap-growing-percent=50` (docs/deployment.md, "Node\'s memory"). A memory timeline of a whole run (bench/src/server/memoryTimeline.ts) puts the peaks in V8\'s old generation: about 104 MiB outside the heap and 16 MiB of young generation stay as they are, and the old generation grows between full collections. Before the growth flag it went from 56-65 MiB after a collection to 109-171 MiB. Next: if a reading passes the target again, run the timeline and see which part grew.',
  bundle: 'split the route groups further (React.lazy) and move what only signed-in pages use out of the first chunk.',
  paint: 'the shifts listed above name the elements that moved: reserve their space before the data arrive (stand-in cards of the final size are in place).',
};

interface Raw {
  machine?: { cpus: string; memoryGiB: number; node: string; platform: string; loadAverage?: number[] };
  options?: { reports: number; members: number; runs: number; seconds: number; connections: number };
  data?: DataSetSummary & { seconds: number };
  index?: DirectIndexFigures;
  reindex?: ReindexFigures;
  http?: HttpFigures;
  web?: WebFigures;
  commands?: string[];
}

const fmt = (value: number | null, digits = 0) => (typeof value === 'number' && Number.isFinite(value) ? value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—');
const verdict = (met: boolean) => (met ? '**met**' : '**not met**');
/** JSON turns a missing figure (NaN) into null: such a figure never meets a target. */
const atMost = (value: number | null, max: number) => typeof value === 'number' && Number.isFinite(value) && value <= max;
const atLeast = (value: number | null, min: number) => typeof value === 'number' && Number.isFinite(value) && value >= min;

function scenario(http: HttpFigures, key: string): ScenarioFigures | undefined {
  return http.scenarios.find((s) => s.key === key);
}

export async function writeReport(): Promise<void> {
  const raw = readRawResults() as Raw;
  const lines: string[] = [];
  const gaps: string[] = [];
  const chart: ChartRow[] = [];
  const out = (line = '') => lines.push(line);

  out('# Benchmark results (issues 14 and 22)');
  out();
  out('Generated by `npm run bench` (bench/src/report/writeReport.ts) from `bench/results.json`; do not edit by hand.');
  out('Every figure is the median of the measured runs, next to its reference measured in the same run.');
  out();
  out('## Machine and commands');
  out();
  if (raw.machine) {
    out(`- ${raw.machine.cpus}, ${raw.machine.memoryGiB} GiB, ${raw.machine.platform}, Node ${raw.machine.node}; MariaDB on 127.0.0.1:3306, the benchmark's own Meilisearch 1.21 on 127.0.0.1:7750.`);
    out('- The load generator, MariaDB, Meilisearch and the API share the same cores, and the machine may be shared with other work: the 1-minute load average at the start of each measurement is recorded next to it; ratios to the reference (measured minutes apart under the same load) are the figures to compare.');
  }
  if (raw.options) {
    out(`- Load: autocannon on loopback, ${raw.options.connections} connections, ${raw.options.runs} measured runs of ${raw.options.seconds} s after a 2 s warm-up, median per figure.`);
  }
  out('- The API runs as in production (`NODE_ENV=production`, `LOG_LEVEL=warn`, `RATE_LIMIT_FACTOR=1000` because every request comes from one address), one process, booted by `boot()` + `createApp()` exactly as `npm start` does and bundled and started as `npm run serve` starts the server (its V8 flags: bench/src/server/serveFlags.ts), plus a response header with its SQL statement count (bench/src/server/benchServer.ts).');
  out();
  out('```sh');
  for (const command of raw.commands ?? ['npm run bench']) out(command);
  out('```');
  out();

  if (raw.data) {
    const d = raw.data;
    out('## Data set');
    out();
    out(`${fmt(d.reports)} published reports by ${fmt(d.members)} members: ${fmt(d.tools)} tools, ${fmt(d.steps)} steps, ${fmt(d.reportTags)} tags, ${fmt(d.comments)} comments and ${fmt(d.likes)} likes (a third of the reports have none; a Pareto tail up to every member). Schema from the project's migrations, taxonomy from its seed, rows by multi-row INSERTs in ${fmt(d.seconds, 0)} s.`);
    out();
  }

  const http = raw.http;
  if (http) {
    out('## Report list (`GET /api/reports/infinite`)');
    out();
    out('| sort | page | API req/s | API p50 ms | API p99 ms (target ≤ 20, issue 22) | reference req/s | reference p50 ms | share of reference (target ≥ 35%) | deep p50 / first p50 (target ≤ 1.3) | deep p50 / second page p50 | SQL / request | load avg |');
    out('| --- | --- | ---: | ---: | --- | ---: | ---: | --- | --- | ---: | ---: | ---: |');
    const feedP99Misses: string[] = [];
    const feedShareMisses: string[] = [];
    for (const sort of ['new', 'old', 'like']) {
      const first = scenario(http, `feed-${sort}-first`);
      const next = scenario(http, `feed-${sort}-next`);
      const deep = scenario(http, `feed-${sort}-deep`);
      for (const [page, s] of [['first', first], ['second', next], ['deep', deep]] as const) {
        if (!s) continue;
        const share = s.api.requestsPerSecond / s.reference.requestsPerSecond;
        const shareMet = atLeast(share, TARGETS.feedShareOfReference);
        if (!shareMet) feedShareMisses.push(`sort=${sort} ${page} page ${fmt(share * 100)}%`);
        let depth = '';
        if (page === 'deep' && first) {
          const ratio = s.api.p50 / first.api.p50;
          const met = atMost(ratio, TARGETS.deepOverFirstP50);
          depth = `${fmt(ratio, 2)}x ${verdict(met)}`;
          if (!met) gaps.push(`sort=${sort}: deep page p50 is ${fmt(ratio, 2)}x the first page's (target ≤ 1.3x)${next ? `, ${fmt(s.api.p50 / next.api.p50, 2)}x the second page's` : ''}: ${NEXT_STEPS.feedDepth}`);
        }
        const depthFromSecond = page === 'deep' && next ? `${fmt(s.api.p50 / next.api.p50, 2)}x` : '';
        const p99Met = atMost(s.api.p99, TARGETS_22.feedP99Ms);
        if (!p99Met) feedP99Misses.push(`sort=${sort} ${page} page ${fmt(s.api.p99, 1)} ms`);
        out(`| ${sort} | ${page} | ${fmt(s.api.requestsPerSecond)} | ${fmt(s.api.p50, 1)} | ${fmt(s.api.p99, 1)} ${verdict(p99Met)} | ${fmt(s.reference.requestsPerSecond)} | ${fmt(s.reference.p50, 1)} | ${fmt(share * 100)}% ${verdict(shareMet)} | ${depth} | ${depthFromSecond} | ${sqlText(s)} | ${fmt(s.loadAverage, 1)} |`);
        chart.push({ label: `infinite ${sort} ${page}`, share, target: TARGETS.feedShareOfReference });
      }
    }
    if (feedP99Misses.length > 0) gaps.push(`infinite list, p99 (target ≤ 20 ms, issue 22): ${feedP99Misses.join(', ')}: ${NEXT_STEPS.feedP99}`);
    if (feedShareMisses.length > 0) gaps.push(`infinite list, share of the reference (target ≥ 35%): ${feedShareMisses.join(', ')}: ${NEXT_STEPS.feedThroughput}`);
    out();

    const search = scenario(http, 'search');
    if (search) {
      const share = search.api.requestsPerSecond / search.reference.requestsPerSecond;
      const p95Met = atMost(search.api.p95, TARGETS.searchP95Ms);
      const shareMet = atLeast(share, TARGETS.searchShareOfMeili);
      if (!p95Met || !shareMet) gaps.push(`search: p95 ${fmt(search.api.p95, 1)} ms (target ≤ 25 ms), ${fmt(share * 100)}% of Meilisearch (target ≥ 40%): ${NEXT_STEPS.search}`);
      out('## Search (`GET /api/reports/search/advanced`)');
      out();
      out('Twelve Japanese queries in rotation (縄, 首輪, 初めて, アフターケア, ろうそく, 後手縛り, 目隠し, 信頼, 言葉責め, 鞭, セーフワード, 寸止め), every other one filtered by a play category, play content or role tag, every third sorted by likes. Reference: Meilisearch answering the very multi-search request the server sends for each (built by `searchReportIds`), directly.');
      out();
      out('| | req/s | p50 ms | p95 ms | p99 ms | load avg |');
      out('| --- | ---: | ---: | ---: | ---: | ---: |');
      out(`| API | ${fmt(search.api.requestsPerSecond)} | ${fmt(search.api.p50, 1)} | ${fmt(search.api.p95, 1)} | ${fmt(search.api.p99, 1)} | ${fmt(search.loadAverage, 1)} |`);
      out(`| Meilisearch directly | ${fmt(search.reference.requestsPerSecond)} | ${fmt(search.reference.p50, 1)} | ${fmt(search.reference.p95, 1)} | ${fmt(search.reference.p99, 1)} | |`);
      out();
      const p95Met22 = atMost(search.api.p95, TARGETS_22.searchP95Ms);
      if (!p95Met22) gaps.push(`search, twelve words: p95 ${fmt(search.api.p95, 1)} ms (target ≤ 50 ms, issue 22): ${NEXT_STEPS.search}`);
      out(`p95 target ≤ 25 ms (issue 14): ${verdict(p95Met)}; ≤ 50 ms (issue 22): ${verdict(p95Met22)}. Throughput ${fmt(share * 100)}% of Meilisearch (target ≥ 40%): ${verdict(shareMet)}. SQL statements per search: ${sqlText(search)}.`);
      out();
      chart.push({ label: 'search', share, target: TARGETS.searchShareOfMeili });
    }
    const broad = scenario(http, 'search-broad');
    if (broad) {
      out('Broad words (issue 22): 縄 and its glossary spellings (なわ, ロープ, 麻縄, rope), each plain and filtered by a tag, every third by likes; each is a federated search of five variants over a large share of the reports.');
      out();
      out('| | req/s | p50 ms | p95 ms | p99 ms | load avg |');
      out('| --- | ---: | ---: | ---: | ---: | ---: |');
      out(`| API | ${fmt(broad.api.requestsPerSecond)} | ${fmt(broad.api.p50, 1)} | ${fmt(broad.api.p95, 1)} | ${fmt(broad.api.p99, 1)} | ${fmt(broad.loadAverage, 1)} |`);
      out(`| Meilisearch directly | ${fmt(broad.reference.requestsPerSecond)} | ${fmt(broad.reference.p50, 1)} | ${fmt(broad.reference.p95, 1)} | ${fmt(broad.reference.p99, 1)} | |`);
      out();
      const broadMet = atMost(broad.api.p95, TARGETS_22.searchP95Ms);
      if (!broadMet) gaps.push(`search, broad words: p95 ${fmt(broad.api.p95, 1)} ms (target ≤ 50 ms, issue 22): ${NEXT_STEPS.search}`);
      out(`p95 target ≤ 50 ms (issue 22): ${verdict(broadMet)}. Throughput ${fmt((broad.api.requestsPerSecond / broad.reference.requestsPerSecond) * 100)}% of Meilisearch directly.`);
      out();
    }

    out('## Report detail, likes, comments');
    out();
    out('No target of their own in issue 14; the reference is the bare Koa endpoint answering the same JSON.');
    out();
    out('| endpoint | API req/s | API p50 ms | API p99 ms | reference req/s | share | SQL / request | failures | load avg |');
    out('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const key of ['detail', 'like', 'comment']) {
      const s = scenario(http, key);
      if (!s) continue;
      const share = s.api.requestsPerSecond / s.reference.requestsPerSecond;
      out(`| ${s.label} | ${fmt(s.api.requestsPerSecond)} | ${fmt(s.api.p50, 1)} | ${fmt(s.api.p99, 1)} | ${fmt(s.reference.requestsPerSecond)} | ${fmt(share * 100)}% | ${sqlText(s)} | ${s.api.failures} | ${fmt(s.loadAverage, 1)} |`);
      chart.push({ label: key, share });
    }
    out();
    out('## SQL statements per request and memory');
    out();
    out('Counted by the bench server (Sequelize `afterQuery` hook, charged to the request through AsyncLocalStorage; transaction statements included), one request at a time. A page of 8 cards costs the same number whatever the page: no N+1. The CI-sized run (`bench/src/queryBudget.int.test.ts`) fails when any of these exceeds its recorded budget.');
    out();
    out('| endpoint | SQL / request | API max RSS during its runs (MiB) |');
    out('| --- | ---: | ---: |');
    for (const s of http.scenarios) out(`| ${s.label} | ${sqlText(s)} | ${fmt(s.apiMaxRssMiB)} |`);
    out();
    const highestRss = Math.max(...http.scenarios.map((s) => s.apiMaxRssMiB));
    const rssMet = atMost(highestRss, TARGETS_22.apiRssMiB);
    if (!rssMet) {
      const over = http.scenarios.filter((s) => s.apiMaxRssMiB > TARGETS_22.apiRssMiB).map((s) => `${s.label} ${fmt(s.apiMaxRssMiB)} MiB`);
      const within = Math.max(0, ...http.scenarios.filter((s) => s.apiMaxRssMiB <= TARGETS_22.apiRssMiB).map((s) => s.apiMaxRssMiB));
      gaps.push(`API RSS up to ${fmt(highestRss)} MiB under load (target ≤ 250 MiB, issue 22), during: ${over.join(', ')}; every other scenario stayed within ${fmt(within)} MiB. ${NEXT_STEPS.memory}`);
    }
    out(`The bare Koa reference peaked at ${fmt(http.referenceRssMiB)} MiB; the API process held ${fmt(http.apiRssAfterMiB)} MiB after all runs, at most ${fmt(highestRss)} MiB during them (target ≤ 250 MiB, issue 22: ${verdict(rssMet)}).`);
    out();

    const fallback = http.fallback;
    out('## Database fallback search (Meilisearch unreachable)');
    out();
    out('A second API process pointed at a port where nothing listens; six searches of the rotation, one at a time (a 30 s client timeout bounds each).');
    out();
    out('| search | status | ms | SQL | source |');
    out('| --- | ---: | ---: | ---: | --- |');
    for (const q of fallback.queries) out(`| \`${decodeURIComponent(q.path.replace('/api/reports/search/advanced?', ''))}\` | ${q.status} | ${fmt(q.ms)} | ${fmt(q.sql)} | ${String(q.source)} |`);
    const fallbackMet = fallback.queries.every((q) => q.status === 200) && atMost(fallback.max, TARGETS.fallbackMs);
    out();
    out(`Median ${fmt(fallback.p50)} ms, slowest ${fmt(fallback.max)} ms; target: every search within 1 s: ${verdict(fallbackMet)}.`);
    out();
    if (!fallbackMet) gaps.push(`database fallback search: slowest ${fmt(fallback.max)} ms (target ≤ 1 s): ${NEXT_STEPS.fallback}`);
  }

  if (raw.index) {
    const ix = raw.index;
    const re = raw.reindex;
    out('## Full reindex');
    out();
    out('| | seconds | documents / s | load avg at start |');
    out('| --- | ---: | ---: | ---: |');
    if (re) {
      const what = re.finished
        ? `${fmt(re.seconds, 1)}`
        : `stopped after ${fmt(re.timeLimitSeconds)} s with ${fmt(re.documents)} of ${fmt(ix.documents)} documents indexed`;
      out(`| \`npm run cli -- reindex\` (default batch size, process start to exit) | ${what} | ${fmt(re.documents / re.seconds)} | ${fmt(re.loadAverage, 1)} |`);
    } else {
      out('| `npm run cli -- reindex` | not run (phase `reindex`) | | |');
    }
    const referenceTime = ix.finished ? fmt(ix.referenceSeconds, 1) : `stopped after ${fmt(ix.referenceSeconds)} s with ${fmt(ix.indexed)} documents indexed`;
    out(`| Meilisearch indexing the same ${fmt(ix.documents)} documents directly (batches of ${fmt(ix.referenceBatchSize)}, uploaded one after another without waiting) | ${referenceTime} | ${fmt(ix.indexed / ix.referenceSeconds)} | ${fmt(ix.loadAverage, 1)} |`);
    if (!ix.finished) out(`\nThe reference did not finish within the time limit on this shared machine: the search figures below ran on an index of ${fmt(ix.indexed)} of ${fmt(ix.documents)} reports.`);
    out();
    out(`Reading the documents from MariaDB with the project's document builder took ${fmt(ix.buildSeconds, 1)} s (not part of the reference).`);
    if (re) {
      // A stopped reindex is compared by its rate: the time it would need at that rate for every document.
      const projected = re.finished ? re.seconds : (re.seconds * ix.documents) / Math.max(1, re.documents);
      const referenceProjected = (ix.referenceSeconds * ix.documents) / Math.max(1, ix.indexed);
      const ratio = projected / referenceProjected;
      const met = re.finished && atMost(ratio, TARGETS.reindexOverReference);
      out(`Ratio ${fmt(ratio, 2)}x${re.finished ? '' : ' (projected from the rates)'} (target ≤ 1.3x): ${verdict(met)}.`);
      if (!met) gaps.push(`reindex takes ${fmt(ratio, 2)}x Meilisearch alone${re.finished ? '' : ' (projected)'} (target ≤ 1.3x): ${NEXT_STEPS.reindex}`);
      chart.push({ label: 'reindex speed', share: 1 / ratio, target: 1 / TARGETS.reindexOverReference });
    }
    out();
  }

  if (raw.web) {
    const web = raw.web;
    out('## Web app');
    out();
    out('What Chromium (Debian’s, headless) loads on a first visit, until the network is idle; `/reports` signed in. “gzip”/“brotli” are the same files compressed at -9 / q11; “wire” is what the server sent Chromium (the build’s precompressed brotli copies). Issue 13’s budget counts less: the JavaScript a route needs before its first paint (the last column, from the build manifest by bench/bundleSize.mjs, gzip at the default level; apps/web/src/bundleSize.test.ts enforces it). What a signed-in page loads after it painted (the notification bell and its live stream) is in the first columns only.');
    out();
    out('| page | JS wire KB | JS gzip KB, all until idle | JS brotli KB | CSS wire KB | CSS gzip KB | files | JS before first paint, gzip KiB (target ≤ 120, issue 13) |');
    out('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const a of web.assets) {
      const initial = web.initialJs?.find((route) => route.route === a.path);
      const met = initial ? atMost(initial.gzipBytes / 1024, TARGETS.initialJsGzipKB) : false;
      if (!met) gaps.push(`${a.path}: initial JS ${initial ? fmt(initial.gzipBytes / 1024, 1) : '—'} KiB gzip (target ≤ 120 KiB): ${NEXT_STEPS.bundle}`);
      out(`| \`${a.path}\` | ${fmt(a.wireJsBytes / 1024, 1)} | ${fmt(a.gzipJsBytes / 1024, 1)} | ${fmt(a.brotliJsBytes / 1024, 1)} | ${fmt(a.wireCssBytes / 1024, 1)} | ${fmt(a.gzipCssBytes / 1024, 1)} | ${a.files.length} | ${initial ? `${fmt(initial.gzipBytes / 1024, 1)} ${verdict(met)}` : '—'} |`);
    }
    const paint = web.reportsPaint;
    const lcpMet = atMost(paint.lcpMs, TARGETS.lcpMs);
    const clsMet = atMost(paint.cls, TARGETS.cls);
    out();
    out(`\`/reports\` (signed in, 1280x800, median of ${paint.runs.length} visits): LCP ${fmt(paint.lcpMs)} ms (target ≤ 1,000 ms: ${verdict(lcpMet)}), CLS ${fmt(paint.cls, 3)} (target 0: ${verdict(clsMet)}).`);
    if (web.staticPaint) {
      const ratio = paint.lcpMs / web.staticPaint.lcpMs;
      const ratioMet = atMost(ratio, TARGETS_22.lcpOverStatic);
      if (!ratioMet) gaps.push(`/reports: LCP ${fmt(ratio, 2)}x the static page with the same cards (target ≤ 2x, issue 22): ${lcpCause(paint, web.staticPaint)}`);
      out();
      out(`The same cards as a static page (the rendered \`/reports\` without its scripts, served beside the app: bench/src/web/staticReference.ts), visited in turns with it: LCP ${fmt(web.staticPaint.lcpMs)} ms; \`/reports\` takes ${fmt(ratio, 2)}x (target ≤ 2x, issue 22: ${verdict(ratioMet)}). The app's page holds its first cards in its HTML, rendered by the server for the signed-in member (server/src/middlewares/firstScreenHtml.ts); the app takes their place once its scripts have run.`);
      const timelines = [timelineText('/reports', paint), timelineText('the static page', web.staticPaint)].filter(Boolean);
      if (timelines.length > 0) {
        out();
        out('Where the time went, in the visit with the median LCP (ms from the start of navigation; Resource Timing):');
        for (const line of timelines) out(`- ${line}`);
      }
    }
    const moved = paint.runs.flatMap((run) => run.shifts ?? []).filter((shift) => shift.value > 0);
    if (moved.length > 0) {
      out();
      out('Layout shifts seen (value: what moved, per Chromium’s attribution):');
      for (const shift of moved) out(`- ${fmt(shift.value, 4)}: ${shift.moved.map((m) => `\`${m}\``).join(', ')}`);
    }
    out();
    if (!lcpMet || !clsMet) gaps.push(`/reports: LCP ${fmt(paint.lcpMs)} ms, CLS ${fmt(paint.cls, 3)} (targets ≤ 1 s, 0): ${NEXT_STEPS.paint}`);
  }

  out('## Gaps and next steps');
  out();
  if (gaps.length === 0) out('Every target is met.');
  for (const gap of gaps) out(`- ${gap}`);
  out();
  out('One and two API processes behind nginx are measured by `npm run bench:scaleout`: the section below.');
  out();
  out('![API throughput as a share of its reference](results-chart.png)');
  out();
  // The scale-out and notification figures have scripts of their own (npm run bench:scaleout, bench:notifications): keep their sections.
  const kept = currentMarkedSections();
  fs.writeFileSync(RESULTS_MD, kept.length > 0 ? `${lines.join('\n').trimEnd()}\n\n${kept.join('\n\n')}\n` : lines.join('\n'));
  await renderChart(chart, CHART_PNG);
  console.info(`wrote ${RESULTS_MD} and ${CHART_PNG}`);
}

/** Why the app's first card comes late, from the median visit's timeline. */
function lcpCause(paint: PaintFigures & { runs: PaintFigures[] }, reference: PaintFigures & { runs: PaintFigures[] }): string {
  const visit = medianVisit(paint);
  const t = visit?.timeline;
  const ref = medianVisit(reference)?.timeline;
  const measured =
    visit && t && ref
      ? `the first cards are in the page's HTML, rendered by the server (server/src/middlewares/firstScreenHtml.ts), and the stylesheet is the first thing the page asks for. What is left: the HTML ends at ${fmt(t.htmlMs)} ms against ${fmt(ref.htmlMs)} ms (the screen is rendered for the member), the stylesheet arrives at ${fmt(t.stylesheetMs ?? 0)} ms against ${fmt(ref.stylesheetMs ?? 0)} ms (the same server is answering the page's two API preloads), and the browser evaluates the app's scripts on the same 2 cores before it paints (DOMContentLoaded at ${fmt(t.domContentLoadedMs)} ms; LCP ${fmt(visit.lcpMs)} ms against ${fmt(reference.lcpMs)} ms). `
      : 'the first cards are in the HTML; the page still fetches and evaluates the app\'s scripts, which the static page does not. ';
  return `${measured}Next: fewer, larger script files (several are under 100 bytes), so the browser parses fewer modules before its first frame.`;
}

function medianVisit(paint: PaintFigures & { runs: PaintFigures[] }): PaintFigures | undefined {
  return [...paint.runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(paint.runs.length / 2)];
}

/** The visit with the median LCP, as a sentence: HTML, scripts, API answers, LCP. */
function timelineText(what: string, paint: PaintFigures & { runs: PaintFigures[] }): string {
  const visit = medianVisit(paint);
  const t = visit?.timeline;
  if (!visit || !t) return '';
  const api = t.api.map((call) => `\`${call.path}\` ${fmt(call.startMs)} → ${fmt(call.endMs)}`).join(', ');
  const css = t.stylesheetMs ? `, stylesheet ${fmt(t.stylesheetMs)}` : '';
  const fcp = t.firstContentfulPaintMs ? `, first contentful paint ${fmt(t.firstContentfulPaintMs)}` : '';
  return `${what}: HTML ${fmt(t.htmlMs)}${css}, ${t.scripts} scripts by ${fmt(t.lastScriptMs)}, DOMContentLoaded ${fmt(t.domContentLoadedMs)}${api ? `, ${api}` : ''}${fcp}; LCP ${fmt(visit.lcpMs)}${t.lcpElement ? ` (\`${t.lcpElement}\`)` : ''}.`;
}

function sqlText(s: ScenarioFigures): string {
  const { min, max } = s.sqlPerRequest;
  return min === max ? String(min) : `${min}–${max}`;
}
