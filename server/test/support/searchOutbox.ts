import type { ReportSearchDocument } from '@hiraku/search';
import type { Models } from '../../src/models';
import type { SearchOutboxWorker } from '../../src/jobs/searchOutboxWorker';
import type { SearchService } from '../../src/search/searchService';

/**
 * Runs rounds of `worker` until the outbox is empty, failing after `timeoutMs`. Rows waiting for a
 * retry are waited for, as the running server would.
 */
export async function drainOutbox(worker: SearchOutboxWorker, models: Pick<Models, 'SearchOutboxEntry'>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await worker.drainOnce();
    if ((await models.SearchOutboxEntry.count()) === 0) return;
    if (Date.now() > deadline) {
      const left = await models.SearchOutboxEntry.findAll({ raw: true });
      throw new Error(`outbox not drained within ${timeoutMs} ms: ${JSON.stringify({ result, left })}`);
    }
    if (result.claimed === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every document of the reports index (ids ascending). */
export async function indexedDocuments(search: SearchService): Promise<ReportSearchDocument[]> {
  const documents: ReportSearchDocument[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await search.client.index<ReportSearchDocument>(search.reportsIndexUid).getDocuments({ limit: 1000, offset });
    documents.push(...page.results);
    if (page.results.length < 1000) break;
  }
  return documents.sort((a, b) => a.id - b.id);
}

export async function indexedIds(search: SearchService): Promise<number[]> {
  return (await indexedDocuments(search)).map((document) => document.id);
}

/** Ids of the reports search may show: listed, not a draft, not hidden, author not suspended. */
export async function listedIds(models: Pick<Models, 'Report' | 'User'>): Promise<number[]> {
  const reports = await models.Report.findAll({
    attributes: ['id'],
    where: { listed: true, isDraft: false, hiddenAt: null },
    include: [{ model: models.User, as: 'author', attributes: [], where: { suspendedAt: null }, required: true }],
    order: [['id', 'ASC']],
  });
  return reports.map((report) => report.id);
}

/** Polls `probe` until it returns true; the assertion is the caller's, after this resolves. */
export async function eventually(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
