import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside each migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const time = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });

/**
 * Outgoing mail is written here in the transaction of the change that causes it and sent by a worker,
 * so a mail server that is down delays mail instead of failing the request or losing the mail. Contact
 * enquiries get the operators' "handled" mark.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'mail_outbox',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false },
      kind: { type: DataTypes.STRING(30), allowNull: false },
      recipient: { type: DataTypes.STRING(254), allowNull: false },
      reply_to: { type: DataTypes.STRING(254), allowNull: true },
      subject: { type: DataTypes.STRING(255), allowNull: false },
      body: { type: DataTypes.TEXT, allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      available_at: time(),
      locked_by: { type: DataTypes.STRING(64), allowNull: true },
      locked_until: time(true),
      last_error: { type: DataTypes.TEXT, allowNull: true },
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('mail_outbox', ['available_at', 'id'], { name: 'mail_outbox_available_at_id' });

  await queryInterface.addColumn('contact_enquiries', 'handled_at', time(true));
  await queryInterface.addColumn('contact_enquiries', 'handled_by', {
    type: DataTypes.BIGINT,
    allowNull: true,
    references: { model: 'users', key: 'id' },
    onDelete: 'SET NULL',
    onUpdate: 'CASCADE',
  });
  await queryInterface.addIndex('contact_enquiries', ['handled_at', 'created_at'], { name: 'contact_enquiries_handled_at_created_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('contact_enquiries', 'contact_enquiries_handled_at_created_at');
  await queryInterface.removeColumn('contact_enquiries', 'handled_by');
  await queryInterface.removeColumn('contact_enquiries', 'handled_at');
  // SQLite removes a column by copying the table, which loses its other indexes: put back the one 0005 made.
  const indexes = (await queryInterface.showIndex('contact_enquiries')) as Array<{ name: string }>;
  if (!indexes.some((index) => index.name === 'contact_enquiries_created_at')) {
    await queryInterface.addIndex('contact_enquiries', ['created_at'], { name: 'contact_enquiries_created_at' });
  }
  await queryInterface.dropTable('mail_outbox');
};
