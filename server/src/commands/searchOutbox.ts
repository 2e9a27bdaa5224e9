import type { Transaction } from 'sequelize';
import type { Models, SearchOutboxOperation } from '../models';

export const REPORT_AGGREGATE = 'report';

/**
 * Queues search-index work for reports in the caller's transaction, so the index can never miss a
 * committed change nor see one that was rolled back. The sync worker builds the document itself and
 * removes it when the report is no longer listed, so 'upsert' is right for every change but deletion.
 */
export async function enqueueReportSearchSync(
  models: Pick<Models, 'SearchOutboxEntry'>,
  reportIds: readonly number[],
  operation: SearchOutboxOperation,
  { transaction }: { transaction: Transaction },
): Promise<void> {
  const ids = [...new Set(reportIds)];
  if (ids.length === 0) return;
  const now = new Date();
  await models.SearchOutboxEntry.bulkCreate(
    ids.map((id) => ({ aggregateType: REPORT_AGGREGATE, aggregateId: String(id), operation, availableAt: now })),
    { transaction },
  );
}
