import type { FlagTargetType, TakedownReason, TakedownRequesterKind } from '@hiraku/shared';
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A takedown request from anyone (issue 21, migration 0021); a `takedown` case once its address is confirmed. */
export class TakedownRequest extends Model<InferAttributes<TakedownRequest>, InferCreationAttributes<TakedownRequest>> {
  declare id: CreationOptional<number>;
  declare contentUrl: string;
  declare requesterKind: TakedownRequesterKind;
  declare reason: TakedownReason;
  declare description: string;
  declare email: string;
  declare confirmTokenHash: string;
  declare confirmExpiresAt: Date;
  declare confirmedAt: CreationOptional<Date | null>;
  declare dueAt: CreationOptional<Date | null>;
  declare caseId: CreationOptional<number | null>;
  declare targetType: CreationOptional<FlagTargetType | null>;
  declare targetId: CreationOptional<number | null>;
  declare decidedAt: CreationOptional<Date | null>;
  /** Whether the decision removed or hid what was named. */
  declare acted: CreationOptional<boolean | null>;
  declare createdAt: CreationOptional<Date>;
}

export function initTakedownRequest(sequelize: Sequelize): typeof TakedownRequest {
  TakedownRequest.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      contentUrl: { type: DataTypes.STRING(2000), allowNull: false },
      requesterKind: { type: DataTypes.STRING(16), allowNull: false },
      reason: { type: DataTypes.STRING(24), allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false },
      confirmTokenHash: { type: DataTypes.STRING(64), allowNull: false },
      confirmExpiresAt: { type: DataTypes.DATE(3), allowNull: false },
      confirmedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      dueAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      caseId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      targetType: { type: DataTypes.STRING(16), allowNull: true, defaultValue: null },
      targetId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      decidedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      acted: { type: DataTypes.BOOLEAN, allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'takedown_requests', modelName: 'TakedownRequest', underscored: true, updatedAt: false },
  );
  return TakedownRequest;
}
