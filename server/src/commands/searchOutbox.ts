import type { Transaction } from 'sequelize';
import { queueOutboxRows } from '../jobs/outboxQueue';
import type { Models, SearchOutboxOperation } from '../models';

export const REPORT_AGGREGATE = 'report';

/**
 * Queues search-index work for reports in the caller's transaction, so the index can never miss a
 * committed change nor see one that was rolled back. The sync worker builds the document itself and
 * removes it when the report is no longer listed, so 'upsert' is right for every change but deletion.
 *
 * A plain INSERT (queueOutboxRows), as notifications' rows are. After the commit this process's search
 * runner is woken, as the model's hooks did; another process's is not told (jobs/outboxWake.ts): its
 * poll, about a second, brings the write to the index, and nobody waits on a page for the index. (Woken
 * rounds there would now be gathered by SEARCH_ROUND_GAP_MS as local ones are; not announcing is kept
 * until a measurement says otherwise.)
 */
export async function enqueueReportSearchSync(
  models: Pick<Models, 'SearchOutboxEntry'>,
  reportIds: readonly number[],
  operation: SearchOutboxOperation,
  { transaction }: { transaction: Transaction },
): Promise<void> {
  const ids = [...new Set(reportIds)];
  if (ids.length === 0) return;
  await queueOutboxRows(models.SearchOutboxEntry, ['aggregate_type', 'aggregate_id', 'operation'], ids.map((id) => [REPORT_AGGREGATE, String(id), operation]), {
    transaction,
    localOnly: true,
  });
}
