import type { Sequelize } from 'sequelize';

/**
 * A counter per Sequelize instance that every statement which may change data raises (issue 22): the
 * short shared caches of read paths (the feed's first pages, search id lists) keep an answer only while
 * the counter is where it was when they read it, so a write made by this process, a member's own
 * included, is seen by the very next read. Writes of other processes are bounded by each cache's TTL.
 *
 * Any statement other than a SELECT counts (INSERT, UPDATE, DELETE, and COMMIT, which raises it again
 * once a transaction's writes are visible, so a page read between a write and its commit is not kept
 * past the commit). The exceptions are single statements on tables that no list, card or search result
 * reads (UNLISTED_TABLES): the search log's insert comes with every first-page search and a page view's
 * with every screen, and would otherwise empty the caches under ordinary traffic.
 */
export interface WriteGeneration {
  readonly value: number;
}

const generations = new WeakMap<Sequelize, { value: number }>();

/** Written on ordinary reads (search log, page views, sessions, notifications, outboxes of mail), read by no list. */
const UNLISTED_TABLES = new Set([
  'search_queries',
  'analytics_events',
  'analytics_daily',
  'refresh_tokens',
  'session_families',
  'notifications',
  'notification_outbox',
  'mail_outbox',
  'audit_logs',
  'one_time_tokens',
  'recovery_codes',
  'passkeys',
  'passkey_challenges',
  'contact_enquiries',
]);

const WRITTEN_TABLE = /^\s*(?:INSERT\s+(?:IGNORE\s+)?INTO|UPDATE|DELETE\s+FROM)\s+[`"]?(\w+)/i;

/** Whether `sql` (a statement other than a SELECT) may change what a list, card or search result shows. */
export function mayChangeLists(sql: unknown): boolean {
  if (typeof sql !== 'string') return true;
  const table = WRITTEN_TABLE.exec(sql)?.[1];
  return table === undefined || !UNLISTED_TABLES.has(table.toLowerCase());
}

export function writeGeneration(sequelize: Sequelize): WriteGeneration {
  let generation = generations.get(sequelize);
  if (!generation) {
    const created = { value: 0 };
    generation = created;
    generations.set(sequelize, created);
    // Sequelize's hook types leave out the statement the query object carries.
    sequelize.addHook('afterQuery', (options: { type?: string }, query: unknown) => {
      if (options.type === 'SELECT') return;
      const { sql } = (query ?? {}) as { sql?: unknown };
      if (!mayChangeLists(sql)) return;
      created.value += 1;
    });
  }
  return generation;
}
