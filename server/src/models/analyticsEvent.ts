import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { readJsonObject, type JsonObject } from './json';
import { ANALYTICS_LIMITS } from '@hiraku/shared';

/**
 * A first-party page view or product event. Deliberately has no user id, e-mail or IP address
 * (docs/decisions.md); `visitorId` is a random id the browser keeps, not tied to the account.
 */
export class AnalyticsEvent extends Model<InferAttributes<AnalyticsEvent>, InferCreationAttributes<AnalyticsEvent>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare path: CreationOptional<string | null>;
  declare properties: CreationOptional<JsonObject | null>;
  declare visitorId: CreationOptional<string | null>;
  declare occurredAt: CreationOptional<Date>;
}

export function initAnalyticsEvent(sequelize: Sequelize): typeof AnalyticsEvent {
  AnalyticsEvent.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(50), allowNull: false },
      path: { type: DataTypes.STRING(ANALYTICS_LIMITS.pathMax), allowNull: true, defaultValue: null },
      properties: {
        type: DataTypes.JSON,
        allowNull: true,
        defaultValue: null,
        get(): JsonObject | null {
          return readJsonObject(this.getDataValue('properties'));
        },
      },
      visitorId: { type: DataTypes.STRING(36), allowNull: true, defaultValue: null },
      occurredAt: { type: DataTypes.DATE(3), allowNull: false, defaultValue: DataTypes.NOW },
    },
    { sequelize, tableName: 'analytics_events', modelName: 'AnalyticsEvent', underscored: true, timestamps: false },
  );
  return AnalyticsEvent;
}
