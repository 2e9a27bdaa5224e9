import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sequelize } from 'sequelize';

/**
 * Reads that must see the primary database: with read replicas (DATABASE_READ_URLS) a member
 * who has just written and reloads could be answered by a replica that has not applied the write yet.
 * `run(fn)` sends every query `fn` makes to the primary, raw `sequelize.query` calls included: Sequelize
 * asks its connection manager for a read or a write connection per query, and `useMaster` is the
 * manager's own switch for "the write pool even for a read".
 */
export interface PrimaryReads {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

interface ConnectionManager {
  getConnection(options?: { type?: string; useMaster?: boolean }): Promise<unknown>;
}

const bySequelize = new WeakMap<Sequelize, PrimaryReads>();

/** Installs the switch on `sequelize`'s connection manager (once); only meaningful with replication. */
export function installPrimaryReads(sequelize: Sequelize): PrimaryReads {
  const existing = bySequelize.get(sequelize);
  if (existing) return existing;
  const scope = new AsyncLocalStorage<true>();
  const manager = sequelize.connectionManager as unknown as ConnectionManager;
  const getConnection = manager.getConnection.bind(manager);
  manager.getConnection = (options = {}) => getConnection(scope.getStore() ? { ...options, useMaster: true } : options);
  const primaryReads: PrimaryReads = { run: (fn) => scope.run(true, fn) };
  bySequelize.set(sequelize, primaryReads);
  return primaryReads;
}

/** The switch of a Sequelize made with read replicas (createSequelize), or undefined without them. */
export function primaryReadsOf(sequelize: Sequelize): PrimaryReads | undefined {
  return bySequelize.get(sequelize);
}
