import type { Transaction } from 'sequelize';
import { sqlDateTime } from '../db/connection';
import { insertRows } from '../db/insertRows';
import { rowsQueued } from '../jobs/outboxRunner';
import type { Models, SearchOutboxOperation } from '../models';

export const REPORT_AGGREGATE = 'report';

/**
 * Queues search-index work for reports in the caller's transaction, so the index can never miss a
 * committed change nor see one that was rolled back. The sync worker builds the document itself and
 * removes it when the report is no longer listed, so 'upsert' is right for every change but deletion.
 *
 * A plain INSERT, as notifications' queueEvents, rather than the model's bulkCreate: its instances,
 * validation and hooks cost CPU on every like and edit (issue 33). After the commit this process's search
 * runner is woken, as the model's hooks did; another process's is not told (jobs/outboxWake.ts): the
 * search worker's poll gathers a second of writes into one indexing run, where a wake per write would
 * have Meilisearch index a small batch each time, and nobody waits on a page for the index.
 */
export async function enqueueReportSearchSync(
  models: Pick<Models, 'SearchOutboxEntry'>,
  reportIds: readonly number[],
  operation: SearchOutboxOperation,
  { transaction }: { transaction: Transaction },
): Promise<void> {
  const ids = [...new Set(reportIds)];
  if (ids.length === 0) return;
  const { SearchOutboxEntry } = models;
  const { sequelize } = SearchOutboxEntry;
  if (!sequelize) throw new Error('the search outbox model is not initialised');
  const now = sqlDateTime(sequelize, new Date());
  await insertRows(
    sequelize,
    'search_outbox',
    ['aggregate_type', 'aggregate_id', 'operation', 'attempts', 'available_at', 'created_at'],
    ids.map((id) => [REPORT_AGGREGATE, String(id), operation, 0, now, now]),
    { transaction },
  );
  rowsQueued(SearchOutboxEntry, transaction, { localOnly: true });
}
