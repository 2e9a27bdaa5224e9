import { setTimeout } from 'node:timers/promises';
import { createReport } from '../../test/factories';
import { eventually, indexedDocuments } from '../../test/support/searchOutbox';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { enqueueReportSearchSync } from '../commands/searchOutbox';
import { writeTransaction } from '../db/transaction';
import { createMailer } from '../mail/mailer';
import { startBackgroundJobs, type BackgroundJobs } from './backgroundJobs';
import { SEARCH_ROUND_GAP_MS } from './searchOutboxWorker';

const ARRIVAL_SPACING_MS = 50;
/** The gap less what the time of the round's first read (it is noted when the read ends) may vary by. */
const LEAST_SPACING_MS = SEARCH_ROUND_GAP_MS - 50;

/**
 * The search outbox as `npm start` runs it (HIRAKU_ROLE=all): the background jobs in the process that
 * takes the writes. Each commit wakes the search runner; a burst of writes must still reach Meilisearch
 * in a few rounds (SEARCH_ROUND_GAP_MS), not one indexing request per write.
 */
describe('the search runner of the background jobs', () => {
  let app: TestApp;
  let jobs: BackgroundJobs;

  beforeAll(async () => {
    app = await startTestApp({ deliverMail: false, fanOut: false });
    const { models, sequelize, search, logger, storage, env, notifications } = app.services;
    const mailer = createMailer({ from: env.MAIL_FROM, dataDir: app.dataDir });
    jobs = startBackgroundJobs({ models, sequelize, search, mailer, logger, bus: notifications.bus, storage, publicUrl: env.publicUrl });
  });
  afterAll(async () => {
    await jobs?.stop();
    await app?.close();
  });

  const outboxEmpty = async () => (await app.services.models.SearchOutboxEntry.count()) === 0;
  const indexSync = (reportId: number) => writeTransaction(app.services.sequelize, (transaction) => enqueueReportSearchSync(app.services.models, [reportId], 'upsert', { transaction }));

  // Each commit wakes the runner; a woken round starts no sooner than SEARCH_ROUND_GAP_MS after the last.
  it('indexes writes committed one by one in rounds a gap apart, not one Meilisearch request per write', async () => {
    const { search, sequelize } = app.services;
    // A round starts with a read of the due rows (claimLeasedRows): when each of those ended.
    const roundsAt: number[] = [];
    sequelize.addHook('afterQuery', 'roundStarts', (_options, query) => {
      const { sql = '' } = query as unknown as { sql?: string };
      if (/^SELECT .* FROM `search_outbox` .*ORDER BY .* LIMIT/.test(sql)) roundsAt.push(Date.now());
    });
    const reports = await Promise.all(Array.from({ length: 11 }, () => createReport()));
    // A first write and its round: the runner has just run when the burst starts.
    const [first, ...burst] = reports.map((report) => report.id);
    await indexSync(first ?? 0);
    await eventually(outboxEmpty, 10_000, 'the first write indexed');

    // Writes arriving 50 ms apart, as a busy site's likes do: without the gap, a round would start as soon
    // as the one before ended (the pause shapes the arrivals; it waits for nothing).
    const burstStarted = new Date();
    const roundsBefore = roundsAt.length;
    for (const id of burst) {
      await indexSync(id);
      await setTimeout(ARRIVAL_SPACING_MS);
    }
    await eventually(outboxEmpty, 10_000, 'the burst indexed');
    sequelize.removeHook('afterQuery', 'roundStarts');

    const indexed = new Set((await indexedDocuments(search)).map((document) => document.id));
    expect(burst.every((id) => indexed.has(id))).toBe(true);
    const tasks = await search.client.tasks.getTasks({ indexUids: [search.reportsIndexUid], types: ['documentAdditionOrUpdate'], afterEnqueuedAt: burstStarted.toISOString() });
    expect(tasks.results.reduce((sum, task) => sum + (task.details?.receivedDocuments ?? 0), 0)).toBe(burst.length);
    // Fewer requests than writes, from rounds that each began a gap after the one before.
    expect(tasks.results.length).toBeLessThan(burst.length);
    const rounds = roundsAt.slice(roundsBefore - 1);
    expect(rounds.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < rounds.length; i += 1) expect((rounds[i] ?? 0) - (rounds[i - 1] ?? 0)).toBeGreaterThanOrEqual(LEAST_SPACING_MS);
  }, 30_000);
});
