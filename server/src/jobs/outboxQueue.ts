import type { Model, ModelStatic, Transaction } from 'sequelize';
import { sqlDateTime } from '../db/connection';
import { insertRows } from '../db/insertRows';
import { rowsQueued } from './outboxRunner';

/**
 * Rows of `outbox`, due now, in one plain INSERT in `transaction`, then its runners told (rowsQueued,
 * across processes unless `localOnly`). `columns` are the outbox's own; the lease columns
 * (models/outboxLeaseColumns.ts) start as a new row's. A plain INSERT rather than the model's create:
 * its instances, validation and hooks are measurable CPU on every write that queues (bench/RESULTS.md,
 * Notifications and Real traffic).
 */
export async function queueOutboxRows(
  outbox: ModelStatic<Model>,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
  { transaction, localOnly = false }: { transaction: Transaction; localOnly?: boolean },
): Promise<void> {
  const { sequelize } = outbox;
  if (!sequelize) throw new Error('the outbox model is not initialised');
  const now = sqlDateTime(sequelize, new Date());
  await insertRows(sequelize, outbox.getTableName().toString(), [...columns, 'attempts', 'available_at', 'created_at'], rows.map((row) => [...row, 0, now, now]), { transaction });
  rowsQueued(outbox, transaction, { localOnly });
}
