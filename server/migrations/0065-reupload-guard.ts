import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const id = { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false };

/**
 * Issue 38, re-upload blocking.
 * - `image_fingerprints`: the 64-bit difference hash (16 hex digits) of every report image stored, keyed
 *   by its storage key; `blocked_at` is set when a moderation decision removes the report it belongs to
 *   (and cleared when the decision is undone). A new upload within LIMITS.imageHashMaxDistance bits of a
 *   blocked one is refused. The row outlives the file, so deleting the image for good keeps the block.
 * - `blocked_email_hashes`: HMAC-SHA256 (keyed with the server secret) of the normalised address of each
 *   member suspended for good; sign-up refuses an address whose hash is here. No address is kept in clear.
 * - The flag category `aiManipulatedPerson` (AIで加工された実在の人物の画像) is fourth in FLAG_CATEGORIES,
 *   after the three it is as severe as, so every category after it sorts one place later: the flag cases'
 *   stored priority (1 + severity, casePriority) moves with it. Appeals and takedowns keep 0.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'image_fingerprints',
    {
      id,
      image_key: { type: DataTypes.STRING(255), allowNull: false },
      hash: { type: DataTypes.CHAR(16), allowNull: false },
      blocked_at: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      blocked_case_id: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    },
    tableOptions,
  );
  await queryInterface.addIndex('image_fingerprints', ['image_key'], { name: 'image_fingerprints_image_key', unique: true });
  await queryInterface.addIndex('image_fingerprints', ['blocked_at'], { name: 'image_fingerprints_blocked_at' });
  await queryInterface.createTable(
    'blocked_email_hashes',
    {
      id,
      email_hash: { type: DataTypes.CHAR(64), allowNull: false },
      user_id: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    },
    tableOptions,
  );
  await queryInterface.addIndex('blocked_email_hashes', ['email_hash'], { name: 'blocked_email_hashes_email_hash', unique: true });
  await queryInterface.addIndex('blocked_email_hashes', ['user_id'], { name: 'blocked_email_hashes_user_id' });
  await queryInterface.sequelize.query("UPDATE moderation_cases SET priority = priority + 1 WHERE type IN ('report', 'comment', 'member') AND priority >= 4");
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  // The new category's cases go back under the one it was split from.
  await queryInterface.sequelize.query("UPDATE moderation_cases SET category = 'nonConsensual', priority = 2 WHERE type IN ('report', 'comment', 'member') AND category = 'aiManipulatedPerson'");
  await queryInterface.sequelize.query("UPDATE moderation_cases SET priority = priority - 1 WHERE type IN ('report', 'comment', 'member') AND priority >= 5");
  await queryInterface.dropTable('blocked_email_hashes');
  await queryInterface.dropTable('image_fingerprints');
};
