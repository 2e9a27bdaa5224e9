import type { Sequelize } from 'sequelize';

/**
 * A counter per Sequelize instance that every statement which may change data raises (issue 22): the
 * short shared caches of read paths (the feed's first pages, search id lists) keep an answer only while
 * the counter is where it was when they read it, so a write made by this process, a member's own
 * included, is seen by the very next read. Writes of other processes are bounded by each cache's TTL.
 *
 * Any statement other than a SELECT counts (INSERT, UPDATE, DELETE, and COMMIT, which raises it again
 * once a transaction's writes are visible, so a page read between a write and its commit is not kept
 * past the commit). The one exception is the search log's insert (searchLog.ts): it changes no list and
 * no search result, and every first-page search sends one, which would otherwise empty the caches
 * under search traffic.
 */
export interface WriteGeneration {
  readonly value: number;
}

const generations = new WeakMap<Sequelize, { value: number }>();

const CHANGES_NO_LIST = /^\s*INSERT\s+INTO\s+`?search_queries`?/i;

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
      if (typeof sql === 'string' && CHANGES_NO_LIST.test(sql)) return;
      created.value += 1;
    });
  }
  return generation;
}
