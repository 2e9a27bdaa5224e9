import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * The operators' screens at any table size (issue 22).
 *
 * - `reports.published_at`, `comments.created_at`, `users.created_at`: the analytics answer counts
 *   yesterday's and today's reports, comments and sign-ups live (commands/analytics.ts countDay); without
 *   these each count read the whole table, twice per request (about 1 s at 100,000 reports). With them a
 *   count reads that day's rows only. `is_draft` rides along so the published count never leaves the
 *   index. `users.created_at` also gives the member screen's "newest first" list without sorting every
 *   member.
 * - `profiles (username, user_id)`: the member search's "part of a username" is a LIKE '%…%' that no
 *   B-tree can seek; this narrow index lets it read 20-character names instead of whole profile rows.
 * - `analytics_daily (metric, day, dimension, count)`: the stored side of a year's report sums the page
 *   views of every route of every day (tens of thousands of rows); this index holds all it reads, so the
 *   sums never touch the table's rows.
 * - `moderation_cases (status, id)` and `(type, status, id)`: the closed side of the case queue (newest
 *   first by id) and the comment-report queue (one type, by id) read a page from the cursor on, instead
 *   of sorting every closed case on each page.
 * - `moderation_cases (status, priority, due_at)`: the badge's counts (open, overdue, severe) on every
 *   page of the queue read the open cases' index entries only; without it MariaDB read the whole table
 *   (every closed case too) to get due_at and priority.
 * - `moderation_cases (author_id, type)`: each author's earlier cases are counted from the index alone,
 *   not by looking every one of their cases up for its type.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addIndex('reports', ['published_at', 'is_draft'], { name: 'reports_published_at_is_draft' });
  await queryInterface.addIndex('comments', ['created_at'], { name: 'comments_created_at' });
  await queryInterface.addIndex('users', ['created_at'], { name: 'users_created_at' });
  await queryInterface.addIndex('profiles', ['username', 'user_id'], { name: 'profiles_username_user_id' });
  await queryInterface.addIndex('analytics_daily', ['metric', 'day', 'dimension', 'count'], { name: 'analytics_daily_metric_day_dimension_count' });
  await queryInterface.addIndex('moderation_cases', ['status', 'id'], { name: 'moderation_cases_status_id' });
  await queryInterface.addIndex('moderation_cases', ['type', 'status', 'id'], { name: 'moderation_cases_type_status_id' });
  await queryInterface.addIndex('moderation_cases', ['status', 'priority', 'due_at'], { name: 'moderation_cases_status_priority_due_at' });
  await queryInterface.addIndex('moderation_cases', ['author_id', 'type'], { name: 'moderation_cases_author_id_type' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('moderation_cases', 'moderation_cases_author_id_type');
  await queryInterface.removeIndex('moderation_cases', 'moderation_cases_status_priority_due_at');
  await queryInterface.removeIndex('moderation_cases', 'moderation_cases_type_status_id');
  await queryInterface.removeIndex('moderation_cases', 'moderation_cases_status_id');
  await queryInterface.removeIndex('analytics_daily', 'analytics_daily_metric_day_dimension_count');
  await queryInterface.removeIndex('profiles', 'profiles_username_user_id');
  await queryInterface.removeIndex('users', 'users_created_at');
  await queryInterface.removeIndex('comments', 'comments_created_at');
  await queryInterface.removeIndex('reports', 'reports_published_at_is_draft');
};
