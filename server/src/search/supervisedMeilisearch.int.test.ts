import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { reportsIndexUid } from '@hiraku/search';
import type { ReportMutationResponse, ReportSearchResponse } from '@hiraku/shared';
import { publishableForm, sendReportForm, systemTags } from '../../test/support/reports';
import { eventually, indexedIds } from '../../test/support/searchOutbox';
import { signedInMember } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { parseEnv } from '../env';
import { createSearchOutboxWorker } from '../jobs/searchOutboxWorker';
import { startOutboxRunner, type OutboxRunner } from '../jobs/outboxRunner';
import { createLogger } from '../logger';
import { seedTaxonomy } from '../seed/taxonomy';
import { connectSearch, type ConnectedSearch } from './connectSearch';

// The verified copy globalSetup keeps between runs.
const binDir = path.resolve(__dirname, '../../../node_modules/.cache/hiraku-meilisearch');

async function healthy(host: string): Promise<boolean> {
  try {
    const response = await fetch(`${host}/health`, { signal: AbortSignal.timeout(1_000) });
    return response.ok && ((await response.json()) as { status?: unknown }).status === 'available';
  } catch {
    return false;
  }
}

/**
 * The local Meilisearch `npm start` launches is killed with SIGKILL: the supervisor starts it again on
 * the same host, the index settings are back, and a report written meanwhile becomes searchable.
 */
describe('supervised local Meilisearch', () => {
  let dataDir: string;
  let connection: ConnectedSearch;
  let app: TestApp;
  let runner: OutboxRunner;
  const messages: string[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-meili-supervised-'));
    const logger = createLogger('silent');
    const warn = logger.warn.bind(logger);
    const info = logger.info.bind(logger);
    // Records the restart log lines while keeping the test output quiet.
    logger.warn = ((object: unknown, message?: string) => (message && messages.push(message), warn(object as object, message))) as typeof logger.warn;
    logger.info = ((object: unknown, message?: string) => (message && messages.push(message), info(object as object, message))) as typeof logger.info;
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MEILI_INDEX_PREFIX: 'supervised_' });
    connection = await connectSearch(env, logger, { binDir });
    app = await startTestApp({ env: { MEILI_HOST: connection.local?.host ?? '', MEILI_MASTER_KEY: connection.local?.masterKey ?? '' } });
    await seedTaxonomy(app.services.models);
    runner = startOutboxRunner(createSearchOutboxWorker(app.services), app.services.logger);
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await app?.close();
    await connection?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('restarts after kill -9 on the same host, re-applies settings and indexes what was written meanwhile', async () => {
    const local = connection.local;
    if (!local) throw new Error('connectSearch did not start a local engine');
    const host = local.host;
    const firstPid = local.current().pid;
    expect(firstPid).toBeGreaterThan(0);
    const tags = await systemTags(app.services.models);
    const author = (await signedInMember(app.baseUrl)).client;

    process.kill(firstPid, 'SIGKILL');
    await local.current().exited;
    expect(await healthy(host)).toBe(false);

    // Written while the engine is down: it waits in the outbox.
    const created = await sendReportForm<ReportMutationResponse>(author, 'POST', '/api/reports', publishableForm(tags, { title: '落ちている間の縄', tools: [{ name: '安全ばさみ', quantity: '' }] }));
    expect(created.status).toBe(201);
    const id = created.body.report._id;

    await eventually(async () => local.restarts() === 1 && (await healthy(host)), 30_000, 'Meilisearch back on the same host');
    expect(local.host).toBe(host);
    expect(local.current().pid).not.toBe(firstPid);

    // Only the supervisor's hook touches this index (the app's worker uses its own prefix).
    const ownIndex = connection.service.client.index(reportsIndexUid('supervised_'));
    await eventually(async () => {
      const settings = await ownIndex.getSettings();
      return JSON.stringify(settings.localizedAttributes) === JSON.stringify([{ attributePatterns: ['*'], locales: ['jpn'] }]);
    }, 15_000, 'index settings re-applied after the restart');

    await eventually(async () => (await indexedIds(app.services.search)).includes(id), 20_000, 'the report written during the outage indexed');
    await eventually(
      async () => {
        const res = await author.get<ReportSearchResponse>(`/api/reports/search/advanced?${new URLSearchParams({ query: '落ちている間', limit: '10' })}`);
        return res.body.source === 'search' && res.body.reports.some((r) => r._id === id);
      },
      15_000,
      'the report found through Meilisearch',
    );
    expect(messages).toContain('ローカルの Meilisearch が停止しました。再起動します');
    expect(messages).toContain('ローカルの Meilisearch を再起動しました');
  }, 90_000);
});
