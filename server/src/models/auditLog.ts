import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { readJsonObject, type JsonObject } from './json';
import type { User } from './user';

/** Who did what to which record, when and why: every operator action writes one (docs/decisions.md). */
export class AuditLog extends Model<InferAttributes<AuditLog>, InferCreationAttributes<AuditLog>> {
  declare id: CreationOptional<number>;
  /** Kept as null once the acting account is deleted, so the entry itself survives. */
  declare actorId: CreationOptional<number | null>;
  declare action: string;
  declare targetType: string;
  declare targetId: string;
  declare reason: CreationOptional<string | null>;
  declare details: CreationOptional<JsonObject | null>;
  declare createdAt: CreationOptional<Date>;

  declare actor?: NonAttribute<User | null>;
}

export function initAuditLog(sequelize: Sequelize): typeof AuditLog {
  AuditLog.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      actorId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      action: { type: DataTypes.STRING(50), allowNull: false },
      targetType: { type: DataTypes.STRING(30), allowNull: false },
      targetId: { type: DataTypes.STRING(64), allowNull: false },
      reason: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
      details: {
        type: DataTypes.JSON,
        allowNull: true,
        defaultValue: null,
        get(): JsonObject | null {
          return readJsonObject(this.getDataValue('details'));
        },
      },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'audit_logs', modelName: 'AuditLog', underscored: true, updatedAt: false },
  );
  return AuditLog;
}
