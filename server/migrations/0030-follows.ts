import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const time = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const ref = (table: string, primaryKey: boolean) => ({
  type: DataTypes.BIGINT,
  allowNull: false,
  primaryKey,
  references: { model: table, key: 'id' },
  onDelete: 'CASCADE',
  onUpdate: 'CASCADE',
});

/**
 * Follows (issue 36), private to the follower.
 *
 * - `member_follows` (follower, followee): `state` is `approved` or `pending` (a request to a member with
 *   フォロー承認制 on). The primary key serves "does the viewer follow this author" (the visibility SQL,
 *   the フォロー中 feed's semi-join); (followee_id, state, follower_id) serves a member's follower count,
 *   their follower list and the fan-out of their new-report notification.
 * - `tag_follows`, `category_follows`: the same for tags and categories (always approved). Every row
 *   goes with its member, tag or category (ON DELETE CASCADE), so account deletion removes them.
 * - `follow_settings`: a member's フォロー承認制 (absent: off).
 * - `reports.audience`: `members` (全会員) or `followers` (フォロワーのみ); a followers-only report is not
 *   `listed` (visibility/predicates.ts), and (author_id, audience, created_at, id) finds a followed
 *   author's followers-only reports for the フォロー中 feed without reading the rest of theirs.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'member_follows',
    {
      follower_id: ref('users', true),
      followee_id: ref('users', true),
      state: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'approved' },
      created_at: time(),
      approved_at: time(true),
    },
    tableOptions,
  );
  await queryInterface.addIndex('member_follows', ['followee_id', 'state', 'follower_id'], { name: 'member_follows_followee_state' });
  await queryInterface.createTable('tag_follows', { user_id: ref('users', true), tag_id: ref('tags', true), created_at: time() }, tableOptions);
  await queryInterface.addIndex('tag_follows', ['tag_id', 'user_id'], { name: 'tag_follows_tag_id' });
  await queryInterface.createTable('category_follows', { user_id: ref('users', true), category_id: ref('categories', true), created_at: time() }, tableOptions);
  await queryInterface.addIndex('category_follows', ['category_id', 'user_id'], { name: 'category_follows_category_id' });
  await queryInterface.createTable(
    'follow_settings',
    { user_id: ref('users', true), approval: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false }, updated_at: time() },
    tableOptions,
  );
  await queryInterface.addColumn('reports', 'audience', { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'members' });
  await queryInterface.addIndex('reports', ['author_id', 'audience', 'created_at', 'id'], { name: 'reports_author_audience_created_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('reports', 'reports_author_audience_created_at');
  await queryInterface.sequelize.query('ALTER TABLE reports DROP COLUMN audience');
  for (const table of ['follow_settings', 'category_follows', 'tag_follows', 'member_follows']) await queryInterface.dropTable(table);
};
