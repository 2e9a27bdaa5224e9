import type { FlagCategory } from '@hiraku/shared';
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { ModerationCase } from './moderationCase';
import type { User } from './user';

/** A member's flag (通報) of a target, in the target's case; one per member and case (unique index). */
export class Flag extends Model<InferAttributes<Flag>, InferCreationAttributes<Flag>> {
  declare id: CreationOptional<number>;
  declare caseId: number;
  declare flaggerId: number;
  declare category: FlagCategory;
  declare note: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  /** When its case was decided. */
  declare resolvedAt: CreationOptional<Date | null>;

  declare case?: NonAttribute<ModerationCase>;
  declare flagger?: NonAttribute<User>;
}

export function initFlag(sequelize: Sequelize): typeof Flag {
  Flag.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      caseId: { type: DataTypes.BIGINT, allowNull: false },
      flaggerId: { type: DataTypes.BIGINT, allowNull: false },
      category: { type: DataTypes.STRING(24), allowNull: false },
      note: { type: DataTypes.STRING(500), allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
      resolvedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
    },
    { sequelize, tableName: 'flags', modelName: 'Flag', underscored: true },
  );
  return Flag;
}
