import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export const ANALYTICS_METRICS = ['page_view', 'event', 'visitors', 'signups', 'reports_published', 'likes', 'comments'] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];

/** A daily total (Japan time), kept after the raw events are gone. */
export class AnalyticsDaily extends Model<InferAttributes<AnalyticsDaily>, InferCreationAttributes<AnalyticsDaily>> {
  declare id: CreationOptional<number>;
  /** YYYY-MM-DD */
  declare day: string;
  declare metric: AnalyticsMetric;
  /** The path of a page view, the name of an event, '' otherwise. */
  declare dimension: CreationOptional<string>;
  declare count: number;
  declare updatedAt: CreationOptional<Date>;
}

export function initAnalyticsDaily(sequelize: Sequelize): typeof AnalyticsDaily {
  AnalyticsDaily.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      day: { type: DataTypes.DATEONLY, allowNull: false },
      metric: { type: DataTypes.STRING(50), allowNull: false },
      dimension: { type: DataTypes.STRING(255), allowNull: false, defaultValue: '' },
      count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'analytics_daily', modelName: 'AnalyticsDaily', underscored: true, createdAt: false },
  );
  return AnalyticsDaily;
}
