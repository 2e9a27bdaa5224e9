import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyReportsIndexSettings, superviseLocalMeilisearch, type SupervisedMeilisearch, type SupervisorEvent, searchableText } from '@hiraku/search';
import type { ReportMutationResponse, ReportSearchResponse } from '@hiraku/shared';
import { createSearchOutboxWorker } from '../../src/jobs/searchOutboxWorker';
import { startOutboxRunner, type OutboxRunner } from '../../src/jobs/outboxRunner';
import { createLogger } from '../../src/logger';
import { seedTaxonomy } from '../../src/seed/taxonomy';
import { createRandom, hashText, type Random } from '../../src/seed/demo/random';
import type { HttpClient } from '../support/httpClient';
import { publishableForm, sendReportForm, systemTags, type SystemTags } from '../support/reports';
import { eventually, indexedDocuments, listedIds } from '../support/searchOutbox';
import { memberWithSession } from '../support/session';
import { startTestApp, type TestApp } from '../support/testApp';
import { formatSummary, TrafficLog, type Answer } from '../support/traffic';

// The verified copy globalSetup keeps between runs.
const binDir = path.resolve(__dirname, '../../../node_modules/.cache/hiraku-meilisearch');
const WRITERS = 8;
const SEARCHERS = 2;
/**
 * The supervisor waits this long before its first restart (production waits 1 s): long enough for
 * members to write and search while the engine is gone, whatever the machine's speed.
 */
const FIRST_RESTART_MS = 4_000;
const CONVERGENCE_DEADLINE_MS = 60_000;
/** Writes each writer must get acknowledged after the restart before the traffic stops. */
const WRITES_AFTER_RESTART = 3;

jest.setTimeout(360_000);

interface Writer {
  index: number;
  client: HttpClient;
  random: Random;
  own: number[];
  written: number;
}

/**
 * The supervised local Meilisearch (the one `npm start` runs) is killed with SIGKILL while members
 * create, edit, unpublish and delete reports: every write succeeds, search keeps answering from the
 * database, and after the supervisor has started the engine again the index converges to exactly the
 * published, visible reports of the database.
 */
describe('Meilisearch killed while members write', () => {
  let dataDir: string;
  let engine: SupervisedMeilisearch;
  let app: TestApp | undefined;
  let runner: OutboxRunner;
  let tags: SystemTags;
  let writers: Writer[];
  let searchers: HttpClient[];
  let leftOut: number[];
  const events: Array<SupervisorEvent & { at: number }> = [];
  const log = new TrafficLog();

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-meili-killed-'));
    engine = await superviseLocalMeilisearch({
      dataDir,
      binDir,
      backoff: { initialMs: FIRST_RESTART_MS, maxMs: 30_000, healthyResetMs: 60_000 },
      onEvent: (event) => events.push({ ...event, at: Date.now() }),
      // As connectSearch does for `npm start`: the restarted engine gets the index settings at once.
      onRestarted: async () => {
        if (app) await applyReportsIndexSettings(app.services.search.client, app.services.search.reportsIndexUid);
      },
    });
    app = await startTestApp({ env: { MEILI_HOST: engine.host, MEILI_MASTER_KEY: engine.masterKey, RATE_LIMIT_FACTOR: '100' }, logger: createLogger('error') });
    await seedTaxonomy(app.services.models);
    tags = await systemTags(app.services.models);
    runner = startOutboxRunner(createSearchOutboxWorker(app.services), app.services.logger);
    writers = [];
    for (let index = 0; index < WRITERS; index += 1) {
      const { client } = await memberWithSession(app);
      writers.push({ index, client, random: createRandom(hashText(`search-killed-${index}`)), own: [], written: 0 });
    }
    searchers = await Promise.all(Array.from({ length: SEARCHERS }, async () => (await memberWithSession(app!)).client));
    // A draft and a deleted report for certain, so that "exactly the visible reports" has something to leave out.
    const first = writers[0]!.client;
    const draft = await sendReportForm<ReportMutationResponse>(first, 'POST', '/api/reports', publishableForm(tags, { title: '検索障害の下書き', isDraft: true }));
    const gone = await sendReportForm<ReportMutationResponse>(first, 'POST', '/api/reports', publishableForm(tags, { title: '検索障害の削除' }));
    expect([draft.status, gone.status]).toEqual([201, 201]);
    expect((await first.delete(`/api/reports/${gone.body.report._id}`)).status).toBe(200);
    leftOut = [draft.body.report._id, gone.body.report._id];
  }, 180_000);

  afterAll(async () => {
    await runner?.stop();
    await app?.close();
    await engine?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** One write of a member: a new report, an edit (sometimes back to a draft, or published again), or a deletion. */
  async function write(writer: Writer): Promise<void> {
    const { client, random } = writer;
    const call: TrafficLog['call'] = (kind, send) => log.call(kind, send, { actor: writer.index });
    const roll = random.next();
    writer.written += 1;
    const title = `検索障害${writer.index}-${writer.written}`;
    if (writer.own.length < 3 || roll < 0.4) {
      const answer = await call('create', (signal) => sendReportForm<ReportMutationResponse>(client, 'POST', '/api/reports', publishableForm(tags, { title }), undefined, { signal }));
      if (answer.status === 201) writer.own.push(answer.body.report._id);
    } else if (roll < 0.8) {
      const id = random.pick(writer.own);
      const isDraft = random.chance(0.2);
      await call('update', (signal) => sendReportForm(client, 'PUT', `/api/reports/${id}`, publishableForm(tags, { title, isDraft }), undefined, { signal }));
    } else {
      const id = random.pick(writer.own);
      writer.own = writer.own.filter((own) => own !== id);
      await call('delete', (signal) => client.delete(`/api/reports/${id}`, undefined, { signal }));
    }
  }

  it('keeps every write, answers searches from the database meanwhile and converges to exactly the visible reports', async () => {
    let stopping = false;
    const writing = writers.map(async (writer) => {
      while (!stopping) await write(writer);
    });
    const searching = searchers.map(async (client, index) => {
      const random = createRandom(hashText(`search-killed-searcher-${index}`));
      while (!stopping) {
        await log.call('search', (signal) =>
          client.get<ReportSearchResponse>(`/api/reports/search/advanced?${new URLSearchParams({ query: random.pick(['検索障害', '障害', '縄']), limit: '20' })}`, { signal }),
          { note: (body) => body.source },
        );
        // A member reads the results before searching again.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    let killedAt = 0;
    let restartedAt = 0;
    try {
      // Members write for a while with the engine up, and search finds their reports through it.
      await eventually(async () => log.answers.filter((a) => a.kind !== 'search' && isSuccess(a)).length >= 30, 60_000, 'writes before the kill');
      await eventually(async () => log.answers.some((a) => a.kind === 'search' && searchSource(a) === 'search'), 30_000, 'a search answered by Meilisearch');

      const victim = engine.current();
      killedAt = Date.now();
      process.kill(victim.pid, 'SIGKILL');
      expect(await victim.exited).toBe('signal SIGKILL');
      // A start that fails on a loaded machine is tried again with back-off; the deadline allows a few.
      await eventually(async () => engine.restarts() >= 1, 150_000, 'the supervisor restarted Meilisearch').catch((error: unknown) => {
        throw new Error(`${String(error)}\nsupervisor events: ${JSON.stringify(events.map((event) => ({ ...event, ...('error' in event ? { error: String(event.error) } : {}) })))}`);
      });
      restartedAt = events.find((event) => event.type === 'restarted')?.at ?? Date.now();
      expect(engine.current().pid).not.toBe(victim.pid);

      // Writes go on after the restart too, then the members stop.
      const writesAfter = (index: number) => log.answers.filter((a) => a.actor === index && a.kind !== 'search' && a.startedAt >= restartedAt && isSuccess(a)).length;
      await eventually(async () => writers.every((writer) => writesAfter(writer.index) >= WRITES_AFTER_RESTART), 60_000, 'writes after the restart');
    } finally {
      stopping = true;
      await Promise.all([...writing, ...searching]);
    }

    const writes = log.answers.filter((a) => a.kind !== 'search');
    const searches = log.answers.filter((a) => a.kind === 'search');
    const writesDuringOutage = writes.filter((a) => a.startedAt >= killedAt && a.endedAt <= restartedAt);
    const searchesDuringOutage = searches.filter((a) => a.startedAt >= killedAt && a.endedAt <= restartedAt);

    // Every write and every search was answered with success, during the outage too.
    expect(log.answers.filter((a) => !isSuccess(a))).toEqual([]);
    expect(writesDuringOutage.length).toBeGreaterThanOrEqual(5);
    expect(searchesDuringOutage.length).toBeGreaterThanOrEqual(3);
    // With the engine gone, search answered from the database.
    expect(searchesDuringOutage.filter((a) => searchSource(a) !== 'database')).toEqual([]);
    expect(events[0]?.type).toBe('exited');
    expect(events.filter((event) => event.type === 'restarted')).toHaveLength(1);

    // The index ends up holding exactly the published, visible reports, each with its last title.
    let lastSeen = { indexed: [] as number[], listed: [] as number[] };
    await eventually(
      async () => {
        const documents = await indexedDocuments(app!.services.search);
        const listed = await listedIds(app!.services.models);
        lastSeen = { indexed: documents.map((d) => d.id), listed };
        return JSON.stringify(lastSeen.indexed) === JSON.stringify(listed) && (await app!.services.models.SearchOutboxEntry.count()) === 0;
      },
      CONVERGENCE_DEADLINE_MS,
      'the index converged to the visible reports',
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\nindexed but not listed: ${diff(lastSeen.indexed, lastSeen.listed)}\nlisted but not indexed: ${diff(lastSeen.listed, lastSeen.indexed)}`);
    });
    const documents = await indexedDocuments(app!.services.search);
    const listed = await app!.services.models.Report.findAll({ where: { id: lastSeen.listed }, order: [['id', 'ASC']] });
    expect(documents.map((d) => [d.id, d.title])).toEqual(listed.map((r) => [r.id, searchableText(r.title)]));
    expect(listed.length).toBeGreaterThan(0);
    expect(documents.map((d) => d.id)).not.toContain(leftOut[0]);
    expect(documents.map((d) => d.id)).not.toContain(leftOut[1]);

    // Search is back on the engine.
    await eventually(
      async () => (await searchers[0]!.get<ReportSearchResponse>(`/api/reports/search/advanced?${new URLSearchParams({ query: '検索障害' })}`)).body.source === 'search',
      30_000,
      'search answered by Meilisearch again',
    );
    console.info(
      [
        formatSummary('Meilisearch killed', log.summary()),
        `  fault: SIGKILL of the supervised Meilisearch, restarted after ${restartedAt - killedAt} ms`,
        `  supervisor: ${events.map((event) => `${event.type} +${event.at - killedAt} ms${event.type === 'restartFailed' ? ` (${String(event.error).slice(0, 300)})` : ''}`).join('; ')}`,
        `  during the outage: ${writesDuringOutage.length} writes (all 2xx), ${searchesDuringOutage.length} searches (all 200 from the database)`,
        `  index after the restart: ${documents.length} documents = ${listed.length} visible reports (ids and titles equal)`,
      ].join('\n'),
    );
  });
});

function isSuccess(answer: Answer): boolean {
  return answer.status >= 200 && answer.status < 300;
}

function searchSource(answer: Answer): string | undefined {
  return answer.status === 200 ? answer.note : undefined;
}

function diff(a: number[], b: number[]): string {
  const other = new Set(b);
  return JSON.stringify(a.filter((id) => !other.has(id)));
}
