import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside each migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const id = { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false };
const time = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
/**
 * Names that must match exactly: the default utf8mb4_unicode_ci treats ハ and パ, は and ハ, and all emoji
 * as equal, which would merge different tags or keywords. SQLite compares exactly already.
 */
const exactText = (queryInterface: QueryInterface, length: number) =>
  queryInterface.sequelize.getDialect() === 'mysql' ? `VARCHAR(${length}) COLLATE utf8mb4_bin` : DataTypes.STRING(length);
const optionalReference = (table: string) => ({
  type: DataTypes.BIGINT,
  allowNull: true,
  references: { model: table, key: 'id' },
  onDelete: 'SET NULL',
  onUpdate: 'CASCADE',
});

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'categories',
    {
      id,
      name: { type: exactText(queryInterface, 50), allowNull: false },
      // Stable key of the six system categories: operators may rename them, code finds them by key.
      key: { type: DataTypes.STRING(32), allowNull: true },
      level: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
      sort_order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      created_at: time(),
      updated_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('categories', ['name'], { name: 'categories_name_unique', unique: true });
  await queryInterface.addIndex('categories', ['key'], { name: 'categories_key_unique', unique: true });

  await queryInterface.createTable(
    'tags',
    {
      id,
      name: { type: exactText(queryInterface, 50), allowNull: false },
      category_id: optionalReference('categories'),
      parent_id: optionalReference('tags'),
      level: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
      sort_order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      popularity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      created_at: time(),
      updated_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('tags', ['category_id', 'name'], { name: 'tags_category_id_name_unique', unique: true });
  await queryInterface.addIndex('tags', ['category_id'], { name: 'tags_category_id' });
  await queryInterface.addIndex('tags', ['parent_id'], { name: 'tags_parent_id' });

  await queryInterface.createTable(
    'profiles',
    {
      id,
      user_id: {
        type: DataTypes.BIGINT,
        allowNull: false,
        references: { model: 'users', key: 'id' },
        onDelete: 'CASCADE',
        onUpdate: 'CASCADE',
      },
      username: { type: DataTypes.STRING(20), allowNull: false },
      icon_key: { type: DataTypes.STRING(255), allowNull: true },
      gender_tag_id: optionalReference('tags'),
      sexual_orientation_tag_id: optionalReference('tags'),
      role_tag_id: optionalReference('tags'),
      twitter_id: { type: DataTypes.STRING(15), allowNull: true },
      created_at: time(),
      updated_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('profiles', ['user_id'], { name: 'profiles_user_id_unique', unique: true });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('profiles');
  await queryInterface.dropTable('tags');
  await queryInterface.dropTable('categories');
};
