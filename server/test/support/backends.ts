import type { Sequelize } from 'sequelize';
import type { Models } from '../../src/models';
import { createTestDatabase } from './db';
import { createTestSqliteDatabase } from './sqlite';

/** A migrated database of one test file's own; `drop()` it in afterAll. */
export interface TestBackend {
  sequelize: Sequelize;
  models: Models;
  drop(): Promise<void>;
}

/**
 * The two databases the server runs on: MariaDB, and the embedded SQLite of `npm start` without
 * DATABASE_URL. For code whose SQL must work on both: `describe.each(TEST_BACKENDS)('… on %s', (_name,
 * open) => { beforeAll(async () => { db = await open(); }); afterAll(() => db?.drop()); … })`. Each block
 * binds the model classes to its own database; Jest runs the blocks one after the other.
 */
export const TEST_BACKENDS: Array<[name: string, open: () => Promise<TestBackend>]> = [
  ['MariaDB', createTestDatabase],
  ['SQLite', createTestSqliteDatabase],
];
