import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { OUTBOX_LEASE_ATTRIBUTES } from './outboxLeaseColumns';

export const SEARCH_OUTBOX_OPERATIONS = ['upsert', 'delete'] as const;
export type SearchOutboxOperation = (typeof SEARCH_OUTBOX_OPERATIONS)[number];

/**
 * A pending change for the search index, written in the same transaction as the change itself so
 * writes succeed while Meilisearch is down; the sync worker claims, applies and deletes entries.
 */
export class SearchOutboxEntry extends Model<
  InferAttributes<SearchOutboxEntry>,
  InferCreationAttributes<SearchOutboxEntry>
> {
  declare id: CreationOptional<number>;
  declare aggregateType: string;
  declare aggregateId: string;
  declare operation: SearchOutboxOperation;
  declare attempts: CreationOptional<number>;
  /** Not before this time: pushed back after each failed attempt. */
  declare availableAt: CreationOptional<Date>;
  declare lockedBy: CreationOptional<string | null>;
  declare lockedUntil: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

export function initSearchOutboxEntry(sequelize: Sequelize): typeof SearchOutboxEntry {
  SearchOutboxEntry.init(
    {
      ...OUTBOX_LEASE_ATTRIBUTES,
      aggregateType: { type: DataTypes.STRING(30), allowNull: false },
      aggregateId: { type: DataTypes.STRING(64), allowNull: false },
      operation: { type: DataTypes.ENUM(...SEARCH_OUTBOX_OPERATIONS), allowNull: false },
    },
    { sequelize, tableName: 'search_outbox', modelName: 'SearchOutboxEntry', underscored: true, updatedAt: false },
  );
  return SearchOutboxEntry;
}
