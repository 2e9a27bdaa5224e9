import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside each migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };

/**
 * Daily totals of analytics, kept after the raw events are pruned (90 days). One row per day, metric and
 * dimension (the path of a page view, the name of an event, or '' for plain counts).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const exact = queryInterface.sequelize.getDialect() === 'mysql' ? 'VARCHAR(255) COLLATE utf8mb4_bin' : DataTypes.STRING(255);
  await queryInterface.createTable(
    'analytics_daily',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false },
      day: { type: DataTypes.DATEONLY, allowNull: false },
      metric: { type: DataTypes.STRING(50), allowNull: false },
      // Paths differ by case and kana (utf8mb4_unicode_ci would merge them).
      dimension: { type: exact, allowNull: false, defaultValue: '' },
      count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      updated_at: { type: DataTypes.DATE(3), allowNull: false },
    },
    tableOptions,
  );
  await queryInterface.addIndex('analytics_daily', ['day', 'metric', 'dimension'], { name: 'analytics_daily_day_metric_dimension', unique: true });
  // Pruning deletes by age alone.
  await queryInterface.addIndex('analytics_events', ['occurred_at'], { name: 'analytics_events_occurred_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('analytics_events', 'analytics_events_occurred_at');
  await queryInterface.dropTable('analytics_daily');
};
