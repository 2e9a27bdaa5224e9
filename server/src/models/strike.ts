import type { FlagCategory } from '@hiraku/shared';
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** A warning recorded on a member by a `warn` decision; an overturned appeal revokes it. */
export class Strike extends Model<InferAttributes<Strike>, InferCreationAttributes<Strike>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare caseId: number | null;
  declare category: FlagCategory;
  declare reason: string;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare revokedAt: CreationOptional<Date | null>;
}

export function initStrike(sequelize: Sequelize): typeof Strike {
  Strike.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      caseId: { type: DataTypes.BIGINT, allowNull: true },
      category: { type: DataTypes.STRING(24), allowNull: false },
      reason: { type: DataTypes.STRING(500), allowNull: false },
      createdBy: { type: DataTypes.BIGINT, allowNull: true },
      createdAt: DataTypes.DATE(3),
      revokedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
    },
    { sequelize, tableName: 'strikes', modelName: 'Strike', underscored: true, updatedAt: false },
  );
  return Strike;
}
