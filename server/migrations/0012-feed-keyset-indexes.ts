import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * The report list at 100,000 reports (issue 14). Every listed-report query filters on `listed = 1 AND
 * is_draft = 0 AND hidden_at IS NULL` (visibility/queries.ts LISTED_REPORT): with all three in front of
 * the sort key, the keyset condition of a page is one range on the rest of the index, read from the
 * cursor on, however deep the page. The former (listed, key, id) indexes left is_draft and hidden_at to
 * row lookups, and MariaDB then preferred a `ref` scan on `listed` alone from the top of the list (10,000
 * rows read for a page 10,000 deep): they go, so the optimizer has no such choice left.
 *
 * `users.suspended_at`: "the author is not suspended" (visibility/sql.ts) is a NOT EXISTS that MariaDB
 * materializes once per query; with this index that reads the suspended members only, not every member.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addIndex('reports', ['listed', 'is_draft', 'hidden_at', 'created_at', 'id'], { name: 'reports_feed_created_at_id' });
  await queryInterface.addIndex('reports', ['listed', 'is_draft', 'hidden_at', 'like_count', 'id'], { name: 'reports_feed_like_count_id' });
  await queryInterface.removeIndex('reports', 'reports_listed_created_at_id');
  await queryInterface.removeIndex('reports', 'reports_listed_like_count_id');
  await queryInterface.addIndex('users', ['suspended_at'], { name: 'users_suspended_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('users', 'users_suspended_at');
  await queryInterface.addIndex('reports', ['listed', 'created_at', 'id'], { name: 'reports_listed_created_at_id' });
  await queryInterface.addIndex('reports', ['listed', 'like_count', 'id'], { name: 'reports_listed_like_count_id' });
  await queryInterface.removeIndex('reports', 'reports_feed_like_count_id');
  await queryInterface.removeIndex('reports', 'reports_feed_created_at_id');
};
