import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { createTestSqliteDatabase, type TestSqliteDatabase } from '../../test/support/sqlite';
import { isTransientLockError, writeTransaction } from './transaction';

/** Resolves once `parties` callers have arrived; later arrivals (a retry) pass straight through. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived >= parties) open();
    return opened;
  };
}

async function bump(sequelize: Sequelize, id: number, transaction: Transaction): Promise<void> {
  await sequelize.query('UPDATE retry_probe SET n = n + 1 WHERE id = :id', { replacements: { id }, transaction });
}

async function counts(sequelize: Sequelize): Promise<number[]> {
  const rows = await sequelize.query<{ n: number }>('SELECT n FROM retry_probe ORDER BY id', { type: QueryTypes.SELECT });
  return rows.map((row) => Number(row.n));
}

describe('writeTransaction on MariaDB', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    await db.sequelize.query('CREATE TABLE retry_probe (id INT PRIMARY KEY, n INT NOT NULL) ENGINE=InnoDB');
  });
  afterAll(() => db?.drop());
  beforeEach(async () => {
    await db.sequelize.query('DELETE FROM retry_probe');
    await db.sequelize.query('INSERT INTO retry_probe (id, n) VALUES (1, 0), (2, 0)');
  });

  /** Two transactions that lock rows 1 and 2 in opposite orders, both holding their first row before either goes on. */
  function crossedWriters(options: Parameters<typeof writeTransaction>[2] = {}) {
    const bothHoldOneRow = barrier(2);
    const writer = (first: number, second: number) =>
      writeTransaction(
        db.sequelize,
        async (transaction) => {
          await bump(db.sequelize, first, transaction);
          await bothHoldOneRow();
          await bump(db.sequelize, second, transaction);
        },
        options,
      );
    return Promise.allSettled([writer(1, 2), writer(2, 1)]);
  }

  it('runs a transaction the database chose as deadlock victim again, and both writes land once', async () => {
    const retried: unknown[] = [];
    const outcomes = await crossedWriters({ onRetry: (error) => retried.push(error) });
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(retried).toHaveLength(1);
    expect(isTransientLockError(retried[0])).toBe(true);
    expect(await counts(db.sequelize)).toEqual([2, 2]);
  });

  it('gives up after the given number of attempts with the database error, having changed nothing for it', async () => {
    const outcomes = await crossedWriters({ attempts: 1 });
    const failed = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(isTransientLockError(failed[0]!.reason)).toBe(true);
    expect(await counts(db.sequelize)).toEqual([1, 1]);
  });

  it('does not repeat work that failed for any other reason', async () => {
    let runs = 0;
    await expect(
      writeTransaction(db.sequelize, async (transaction) => {
        runs += 1;
        await bump(db.sequelize, 1, transaction);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(runs).toBe(1);
    expect(await counts(db.sequelize)).toEqual([0, 0]);
  });

  it('runs at READ COMMITTED (no gap locks; each statement sees what others committed), that transaction only', async () => {
    /** n of row 1 before and after another connection commits an increment, both read inside one transaction. */
    const readTwice = async (transaction: Transaction) => {
      const read = async () => Number((await db.sequelize.query<{ n: number }>('SELECT n FROM retry_probe WHERE id = 1', { type: QueryTypes.SELECT, transaction }))[0]?.n);
      const before = await read();
      await db.sequelize.query('UPDATE retry_probe SET n = n + 1 WHERE id = 1');
      return [before, await read()];
    };
    expect(await writeTransaction(db.sequelize, readTwice)).toEqual([0, 1]);
    // A plain transaction on the same pool is at the server's default (REPEATABLE READ) again.
    expect(await db.sequelize.transaction(readTwice)).toEqual([1, 1]);
  });
});

describe('writeTransaction on SQLite', () => {
  let db: TestSqliteDatabase;

  beforeAll(async () => {
    db = await createTestSqliteDatabase();
    await db.sequelize.query('CREATE TABLE retry_probe (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
    await db.sequelize.query('INSERT INTO retry_probe (id, n) VALUES (1, 0), (2, 0)');
  });
  afterAll(() => db?.drop());

  it('queues writers that read before they write instead of failing one with SQLITE_BUSY', async () => {
    const retried: unknown[] = [];
    const writer = () =>
      writeTransaction(
        db.sequelize,
        async (transaction) => {
          const [row] = await db.sequelize.query<{ n: number }>('SELECT n FROM retry_probe WHERE id = 1', { type: QueryTypes.SELECT, transaction });
          await new Promise((resolve) => setImmediate(resolve));
          await db.sequelize.query('UPDATE retry_probe SET n = :n WHERE id = 1', { replacements: { n: Number(row?.n) + 1 }, transaction });
        },
        { onRetry: (error) => retried.push(error) },
      );
    await Promise.all(Array.from({ length: 8 }, writer));
    expect(retried).toEqual([]);
    expect(await counts(db.sequelize)).toEqual([8, 0]);
  });

  it('refuses a write transaction opened inside another, which could only wait for itself', async () => {
    await expect(writeTransaction(db.sequelize, () => writeTransaction(db.sequelize, async () => 1))).rejects.toThrow('pass the transaction down');
    // The queue goes on.
    expect(await writeTransaction(db.sequelize, async () => 2)).toBe(2);
  });
});
