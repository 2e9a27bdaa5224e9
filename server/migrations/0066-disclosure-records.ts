import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };

/**
 * Issue 38: the records a 発信者情報開示 request asks for (情報流通プラットフォーム対処法): for each report,
 * comment, image upload and sign-in, the source address and port and the time, kept
 * LIMITS.disclosureRetentionMonths and deleted by jobs/disclosureSweep.ts. Their own table, read by
 * nothing but the export (commands/disclosureRecords.ts), so no member-facing query can reach them.
 * `kind` + `target_id`: the report, comment or report-of-the-image id; a sign-in's target is the member.
 * `user_id` has no foreign key: the records must outlive a deleted account for their six months.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'disclosure_records',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false },
      kind: { type: DataTypes.STRING(16), allowNull: false },
      target_id: { type: DataTypes.BIGINT, allowNull: false },
      user_id: { type: DataTypes.BIGINT, allowNull: false },
      user_public_id: { type: DataTypes.STRING(64), allowNull: false },
      address: { type: DataTypes.STRING(45), allowNull: false },
      port: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
      occurred_at: { type: DataTypes.DATE(3), allowNull: false },
    },
    tableOptions,
  );
  await queryInterface.addIndex('disclosure_records', ['kind', 'target_id'], { name: 'disclosure_records_target' });
  await queryInterface.addIndex('disclosure_records', ['user_id'], { name: 'disclosure_records_user_id' });
  await queryInterface.addIndex('disclosure_records', ['occurred_at'], { name: 'disclosure_records_occurred_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('disclosure_records');
};
