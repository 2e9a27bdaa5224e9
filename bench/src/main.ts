import fs from 'node:fs';
import os from 'node:os';
import { MYSQL_SERVER_URL, parseOptions, WORK_DIR, type Phase } from './config';
import { createBenchData, databaseUrl } from './data/database';
import { createSearchClient } from '@hiraku/search';
import { MEILI_DATA_DIR, startBenchMeilisearch } from './meili';
import { measureHttp } from './phases/httpPhase';
import { indexDirectly, measureReindex } from './phases/indexPhase';
import { measureWeb } from './phases/webPhase';
import { writeReport } from './report/writeReport';
import { readRawResults, saveRawResults } from './results';

/** `npm run bench`: data, index, HTTP load, web app, then RESULTS.md and the chart. */
async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const url = databaseUrl(MYSQL_SERVER_URL, options.database);
  const phase = (name: string) => console.info(`\n=== ${name} (${new Date().toISOString()})`);
  const measures = [...options.phases].some((p) => p !== 'report');
  if (measures) saveRawResults({
    // A run that regenerates the data starts a new list of commands; later phases add theirs.
    commands: [...(options.phases.has('data') ? [] : ((readRawResults().commands as string[] | undefined) ?? [])), `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim()],
    machine: {
      cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
    },
    options: { reports: options.reports, members: options.members, runs: options.runs, seconds: options.seconds, connections: options.connections, indexMinutes: options.indexMinutes },
  });

  if (options.phases.has('data')) {
    phase(`data: ${options.reports} reports by ${options.members} members into ${options.database}`);
    const started = performance.now();
    const { summary } = await createBenchData({
      serverUrl: MYSQL_SERVER_URL,
      database: options.database,
      reports: options.reports,
      members: options.members,
      onProgress: (written) => {
        if (written % 10_000 === 0 || written === options.reports) console.info(`  ${written} reports`);
      },
    });
    saveRawResults({ data: { ...summary, seconds: (performance.now() - started) / 1000 } });
  }

  const needsSearch = ['index', 'http', 'web', 'reindex'].some((p) => options.phases.has(p as Phase));
  const indexLimitMs = options.indexMinutes * 60_000;
  // A fresh engine for a new index: tasks a stopped run left queued would otherwise run first.
  if (options.phases.has('index')) fs.rmSync(MEILI_DATA_DIR, { recursive: true, force: true });
  const meili = needsSearch ? await startBenchMeilisearch() : null;
  try {
    if (meili && !options.phases.has('index')) {
      // Indexing a stopped run left queued would hold every settings task (and so the server's boot) behind it.
      const client = createSearchClient({ host: meili.host, apiKey: meili.masterKey });
      await client.tasks.cancelTasks({ statuses: ['enqueued', 'processing'] }).waitTask();
    }
    if (meili && options.phases.has('index')) {
      phase('index: Meilisearch indexing the documents directly (the reference; fills the live index)');
      saveRawResults({ index: await indexDirectly(url, meili, indexLimitMs) });
    }
    if (meili && options.phases.has('http')) {
      phase('http: autocannon against the API and the references');
      saveRawResults({ http: await measureHttp(url, meili, options) });
    }
    if (meili && options.phases.has('web')) {
      phase('web: compressed assets, LCP and CLS in Chromium');
      saveRawResults({ web: await measureWeb(url, meili) });
    }
    if (meili && options.phases.has('reindex')) {
      phase(`reindex: the project's reindex command (stopped after ${options.indexMinutes} min)`);
      saveRawResults({ reindex: await measureReindex(url, meili, indexLimitMs) });
    }
  } finally {
    await meili?.stop();
  }
  if (options.phases.has('report')) {
    phase('report: RESULTS.md and the chart');
    await writeReport();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
