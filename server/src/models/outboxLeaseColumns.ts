import { DataTypes } from 'sequelize';

/**
 * The columns by which workers lease rows of an outbox table (search_outbox, mail_outbox) to each
 * other, defined once: the generic outbox worker (jobs/outboxWorker.ts) reads and writes only these.
 */
export const OUTBOX_LEASE_ATTRIBUTES = {
  id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
  attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  /** Not before this time: pushed back after each failed attempt. */
  availableAt: { type: DataTypes.DATE(3), allowNull: false, defaultValue: DataTypes.NOW },
  lockedBy: { type: DataTypes.STRING(64), allowNull: true, defaultValue: null },
  lockedUntil: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
  lastError: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
  createdAt: DataTypes.DATE(3),
} as const;
