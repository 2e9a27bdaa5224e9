import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import { createTestDatabase } from '../../test/support/db';
import type { Transaction } from 'sequelize';
import type { SearchOutboxEntry } from '../models';
import {
  backoffDelayMs,
  claimLeasedRows,
  claimOutboxBatch,
  completeEntries,
  extendLease,
  failEntries,
  releaseEntries,
  reportExclusivity,
  searchOutboxTable,
  type OutboxTable,
} from './outboxLease';

describe.each(TEST_BACKENDS)('search outbox leases on %s', (_name, open) => {
  let db: TestBackend;
  const lease = { batchSize: 10, leaseMs: 30_000 };

  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.drop());
  beforeEach(async () => {
    await db.models.SearchOutboxEntry.destroy({ where: {} });
  });

  const enqueue = async (aggregateId: string | number, overrides: Partial<{ availableAt: Date; aggregateType: string }> = {}) =>
    db.models.SearchOutboxEntry.create({ aggregateType: 'report', aggregateId: String(aggregateId), operation: 'upsert', availableAt: new Date(), ...overrides });
  const reload = (entry: SearchOutboxEntry) => db.models.SearchOutboxEntry.findByPk(entry.id);
  const idsOf = (entries: readonly SearchOutboxEntry[]) => entries.map((entry) => entry.id);

  it('gives each due row to one worker only, oldest first, and skips rows that are not due', async () => {
    const rows = [await enqueue(1), await enqueue(2), await enqueue(3)];
    await enqueue(4, { availableAt: new Date(Date.now() + 60_000) });

    const a = await claimOutboxBatch(db.models, { workerId: 'a', ...lease, batchSize: 2 });
    const b = await claimOutboxBatch(db.models, { workerId: 'b', ...lease });
    expect(idsOf(a.entries)).toEqual(idsOf(rows.slice(0, 2)));
    expect(a.more).toBe(true);
    expect(idsOf(b.entries)).toEqual(idsOf(rows.slice(2)));
    expect(b.more).toBe(false);
    expect(idsOf((await claimOutboxBatch(db.models, { workerId: 'c', ...lease })).entries)).toEqual([]);

    const stored = await reload(a.entries[0] as SearchOutboxEntry);
    expect(stored?.lockedBy).toBe('a');
    expect(stored?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });

  it('lets another worker take over a row whose lease ran out', async () => {
    const row = await enqueue(1);
    expect(idsOf((await claimOutboxBatch(db.models, { workerId: 'a', ...lease, leaseMs: 1 })).entries)).toEqual([row.id]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idsOf((await claimOutboxBatch(db.models, { workerId: 'b', ...lease })).entries)).toEqual([row.id]);
    // The first worker finishing late removes nothing that is no longer its own.
    expect(await completeEntries(searchOutboxTable(db.models), 'a', [row.id])).toBe(0);
    expect(await completeEntries(searchOutboxTable(db.models), 'b', [row.id])).toBe(1);
  });

  it('never lets two workers hold rows of the same report', async () => {
    const first = await enqueue(7);
    const a = await claimOutboxBatch(db.models, { workerId: 'a', ...lease });
    expect(idsOf(a.entries)).toEqual([first.id]);

    // Written while "a" works on report 7: "b" leaves it alone but takes other reports.
    const later = await enqueue(7);
    const other = await enqueue(8);
    const b = await claimOutboxBatch(db.models, { workerId: 'b', ...lease });
    expect(idsOf(b.entries)).toEqual([other.id]);
    expect((await reload(later))?.lockedBy).toBeNull();

    await completeEntries(searchOutboxTable(db.models), 'a', [first.id]);
    expect(idsOf((await claimOutboxBatch(db.models, { workerId: 'b', ...lease })).entries)).toEqual([later.id]);
  });

  it('lets go of a report that another worker claimed at the same moment', async () => {
    const mine = await enqueue(9);
    const theirs = await enqueue(9);
    // "b" claims its row between "a"'s look at the queue and "a"'s own claim: both rows were free when "a" looked.
    let raced = false;
    const table = searchOutboxTable(db.models);
    const racing: OutboxTable<SearchOutboxEntry> = {
      ...table,
      async updateRows(ids, values, guard) {
        if (!raced) {
          raced = true;
          await db.models.SearchOutboxEntry.update({ lockedBy: 'b', lockedUntil: new Date(Date.now() + 30_000) }, { where: { id: theirs.id } });
        }
        return table.updateRows(ids, values, guard);
      },
    };
    // claimOutboxBatch's own claim, on the table that lets "b" in first.
    const claim = await claimLeasedRows(racing, { workerId: 'a', ...lease }, reportExclusivity(db.models));
    expect(raced).toBe(true);
    expect(claim.entries).toEqual([]);
    expect(claim.released).toBe(1);
    expect((await reload(mine))?.lockedBy).toBeNull();
    expect((await reload(theirs))?.lockedBy).toBe('b');
  });

  it('counts failures, keeps the reason and waits longer each time, capped, never dropping the row', async () => {
    const row = await enqueue(1);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await db.models.SearchOutboxEntry.update({ availableAt: new Date(0) }, { where: { id: row.id } });
      const [claimed] = (await claimOutboxBatch(db.models, { workerId: 'a', ...lease })).entries;
      if (!claimed) throw new Error('not claimed');
      const now = new Date();
      await failEntries(searchOutboxTable(db.models), 'a', [claimed], new Error(`Meilisearch が応答しません (${attempt})`), { now });
      const stored = await reload(row);
      expect(stored).toMatchObject({ attempts: attempt, lockedBy: null, lockedUntil: null, lastError: `Error: Meilisearch が応答しません (${attempt})` });
      delays.push((stored?.availableAt.getTime() ?? 0) - now.getTime());
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(await db.models.SearchOutboxEntry.count()).toBe(1);
  });

  it('releases without counting an attempt, and extends only its own leases', async () => {
    const row = await enqueue(1);
    await claimOutboxBatch(db.models, { workerId: 'a', ...lease, leaseMs: 1_000 });
    await extendLease(searchOutboxTable(db.models), 'b', [row.id], 60_000);
    expect((await reload(row))?.lockedUntil?.getTime()).toBeLessThan(Date.now() + 2_000);
    await extendLease(searchOutboxTable(db.models), 'a', [row.id], 60_000);
    expect((await reload(row))?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await releaseEntries(searchOutboxTable(db.models), 'a', [row.id]);
    expect(await reload(row)).toMatchObject({ lockedBy: null, lockedUntil: null, attempts: 0 });
  });
});

describe('search outbox leases beside write transactions still open (MariaDB)', () => {
  let db: TestBackend;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  /** `work` must not wait for the open transaction: it would wait until MariaDB's lock wait timeout (50 s). */
  const withoutWaiting = async <T>(work: Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('the lease statement waited for a transaction that queued a row and has not committed')), 5_000);
    });
    try {
      return await Promise.race([work, waited]);
    } finally {
      clearTimeout(timer);
    }
  };

  it('claims, extends, fails, releases and completes rows while a write that queued a newer row is still open', async () => {
    // As under a stream of comments: the API's transactions queue rows the whole time the worker claims and removes older ones.
    const enqueue = (aggregateId: number, transaction?: Transaction) =>
      db.models.SearchOutboxEntry.create({ aggregateType: 'report', aggregateId: String(aggregateId), operation: 'upsert', availableAt: new Date() }, { transaction });
    // Ten due rows, nine of them a batch: the statements name most of the table, as the worker's do under load.
    const rows: SearchOutboxEntry[] = [];
    for (let report = 1; report <= 10; report += 1) rows.push(await enqueue(report));
    const ids = rows.map((row) => row.id);
    const table = searchOutboxTable(db.models);
    const open = await db.sequelize.transaction();
    try {
      const queuedMeanwhile = await enqueue(11, open);
      const a = await withoutWaiting(claimOutboxBatch(db.models, { workerId: 'a', batchSize: 9, leaseMs: 30_000 }));
      expect(a.entries.map((row) => row.id)).toEqual(ids.slice(0, 9));
      await withoutWaiting(extendLease(table, 'a', ids.slice(0, 9), 60_000));
      // The uncommitted row is there for no one yet; the committed one left is.
      const b = await withoutWaiting(claimOutboxBatch(db.models, { workerId: 'b', batchSize: 9, leaseMs: 30_000 }));
      expect(b.entries.map((row) => row.id)).toEqual([ids[9]]);
      await withoutWaiting(releaseEntries(table, 'b', ids.slice(9)));
      await withoutWaiting(failEntries(table, 'a', a.entries.slice(8), new Error('Meilisearch が応答しません')));
      expect(await withoutWaiting(completeEntries(table, 'a', ids.slice(0, 8)))).toBe(8);
      expect(queuedMeanwhile.id).toBeGreaterThan(ids[9] ?? Infinity);
    } finally {
      await open.rollback();
    }
    expect((await db.models.SearchOutboxEntry.findAll({ order: [['id', 'ASC']] })).map((row) => [row.id, row.attempts, row.lockedBy])).toEqual([
      [ids[8], 1, null],
      [ids[9], 0, null],
    ]);
  });
});

describe('backoffDelayMs', () => {
  it('doubles from 1 s and stops at 60 s', () => {
    expect([0, 1, 2, 3, 6, 7, 100].map((attempts) => backoffDelayMs(attempts))).toEqual([1_000, 1_000, 2_000, 4_000, 32_000, 60_000, 60_000]);
    expect(backoffDelayMs(3, { minMs: 10, maxMs: 25 })).toBe(25);
  });
});
