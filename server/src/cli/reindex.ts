import { deleteReportDocuments, rebuildReportsIndex, type RebuildProgress, type ReportSearchDocument, upsertReportDocuments } from '@hiraku/search';
import { Op } from 'sequelize';
import { z } from 'zod';
import type { Env } from '../env';
import type { Models } from '../models';
import {
  allListedReportDocuments,
  buildReportDocuments,
  countListedReports,
  DEFAULT_DOCUMENT_BATCH_SIZE,
  listedReportIds,
} from '../search/reportDocumentBuilder';
import type { SearchService } from '../search/searchService';
import { createProgress, type Progress } from './progress';
import { withCliServices } from './services';

export const REINDEX_BATCH_SIZE_MAX = 10_000;
/** Documents per database page and per Meilisearch upload; the size the benchmark's reference uploads. */
export const REINDEX_DEFAULT_BATCH_SIZE = 1_000;

export interface ReindexServices {
  models: Models;
  search: SearchService;
  env: Pick<Env, 'MEILI_INDEX_PREFIX'>;
}

export interface ReindexOptions {
  batchSize: number;
  /** Called once with the number of listed reports, counted before the rebuild starts. */
  onStart?: (total: number) => void;
  onProgress?: (progress: RebuildProgress) => void;
}

export interface ReindexResult {
  indexUid: string;
  /** Documents in the rebuilt index. */
  documentCount: number;
  /** Reports changed while the rebuild ran, written again after the swap. */
  resynced: number;
}

/** How far back the catch-up looks past the start, so a write committed during the first read is not missed. */
const CATCH_UP_MARGIN_MS = 5_000;
const ID_PAGE = 1_000;

/**
 * Rebuilds the reports index from the database: a new index is filled and swapped in (searches never
 * see an empty index), then whatever changed while it was being filled is written again, because the
 * sync worker may have written those changes to the index that the swap replaced.
 */
export async function reindexReports(services: ReindexServices, options: ReindexOptions): Promise<ReindexResult> {
  const { models, search } = services;
  const startedAt = new Date(Date.now() - CATCH_UP_MARGIN_MS);
  options.onStart?.(await countListedReports(models));
  const rebuilt = await rebuildReportsIndex(search.client, {
    prefix: services.env.MEILI_INDEX_PREFIX,
    documents: allListedReportDocuments(models, options.batchSize),
    batchSize: options.batchSize,
    onProgress: options.onProgress,
  });
  const resynced = await catchUpReportsIndex(models, search, startedAt);
  return { indexUid: rebuilt.indexUid, documentCount: rebuilt.documentCount, resynced };
}

/**
 * Re-sends reports updated since `since`, and removes from the index every id that is no longer
 * listed (deleted, hidden or unpublished during the rebuild).
 */
export async function catchUpReportsIndex(models: Models, search: SearchService, since: Date): Promise<number> {
  const { client, reportsIndexUid } = search;
  const changed = await models.Report.findAll({ attributes: ['id'], where: { updatedAt: { [Op.gte]: since } }, order: [['id', 'ASC']] });
  const changedIds = changed.map((report) => report.id);
  let resynced = 0;
  for (let start = 0; start < changedIds.length; start += DEFAULT_DOCUMENT_BATCH_SIZE) {
    const ids = changedIds.slice(start, start + DEFAULT_DOCUMENT_BATCH_SIZE);
    const documents = await buildReportDocuments(models, ids);
    await upsertReportDocuments(client, reportsIndexUid, documents);
    resynced += documents.length;
  }

  const index = client.index<ReportSearchDocument>(reportsIndexUid);
  const stale: number[] = [];
  for (let offset = 0; ; offset += ID_PAGE) {
    const page = await index.getDocuments({ fields: ['id'], limit: ID_PAGE, offset });
    const ids = page.results.map((document) => Number(document.id));
    if (ids.length > 0) {
      const stillListed = await listedReportIds(models, ids);
      stale.push(...ids.filter((id) => !stillListed.has(id)));
    }
    if (ids.length < ID_PAGE) break;
  }
  await deleteReportDocuments(client, reportsIndexUid, stale);
  return resynced;
}

const optionsSchema = z.object({
  batchSize: z.coerce
    .number({ error: '--batch-size には数値を指定してください' })
    .int('--batch-size には整数を指定してください')
    .min(1, '--batch-size は 1 以上で指定してください')
    .max(REINDEX_BATCH_SIZE_MAX, `--batch-size は ${REINDEX_BATCH_SIZE_MAX} 以下で指定してください`)
    .default(REINDEX_DEFAULT_BATCH_SIZE),
});

export interface ReindexCommandOptions {
  batchSize?: string | number;
  quiet?: boolean;
}

/** `npm run cli -- reindex`: rebuilds the search index of reports from the database. */
export async function reindexCommand(env: Env, raw: ReindexCommandOptions): Promise<ReindexResult> {
  const parsed = optionsSchema.safeParse({ batchSize: raw.batchSize });
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('\n'));
  const { batchSize } = parsed.data;

  const startedAt = Date.now();
  const result = await withCliServices(env, async (services) => {
    const bar: { progress?: Progress; total: number } = { total: 0 };
    try {
      return await reindexReports(services, {
        batchSize,
        onStart: (total) => {
          bar.total = total;
          if (!raw.quiet) bar.progress = createProgress('検索インデックス', total);
        },
        // More than counted when reports were published during the rebuild.
        onProgress: ({ phase, indexed }) => {
          if (phase === 'indexing') bar.progress?.update(indexed, Math.max(bar.total, indexed));
        },
      });
    } finally {
      bar.progress?.stop();
    }
  });
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.info(`検索インデックスを作り直しました: ${result.documentCount} 件のレポートを登録しました（${seconds} 秒、インデックス ${result.indexUid}）`);
  if (result.resynced > 0) console.info(`作り直しの間に更新された ${result.resynced} 件も反映しました。`);
  return result;
}
