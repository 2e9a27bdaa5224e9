import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { LIMITS } from '@hiraku/shared';

/**
 * One search by a signed-in member. The member is kept only so that popular keywords can require
 * several different members (docs/decisions.md); rows go with the account.
 */
export class SearchQuery extends Model<InferAttributes<SearchQuery>, InferCreationAttributes<SearchQuery>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare query: string;
  declare createdAt: CreationOptional<Date>;
}

export function initSearchQuery(sequelize: Sequelize): typeof SearchQuery {
  SearchQuery.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      query: { type: DataTypes.STRING(LIMITS.searchQueryMax), allowNull: false },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'search_queries', modelName: 'SearchQuery', underscored: true, updatedAt: false },
  );
  return SearchQuery;
}
