import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import type { SearchOutboxEntry } from '../models';
import { backoffDelayMs, claimOutboxBatch, completeEntries, extendLease, failEntries, releaseEntries, searchOutboxTable } from './outboxLease';

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
    db.models.SearchOutboxEntry.addHook('beforeBulkUpdate', 'race', async () => {
      if (raced) return;
      raced = true;
      await db.models.SearchOutboxEntry.update(
        { lockedBy: 'b', lockedUntil: new Date(Date.now() + 30_000) },
        { where: { id: theirs.id }, hooks: false },
      );
    });
    try {
      const claim = await claimOutboxBatch(db.models, { workerId: 'a', ...lease });
      expect(raced).toBe(true);
      expect(claim.entries).toEqual([]);
      expect(claim.released).toBe(1);
    } finally {
      db.models.SearchOutboxEntry.removeHook('beforeBulkUpdate', 'race');
    }
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

describe('backoffDelayMs', () => {
  it('doubles from 1 s and stops at 60 s', () => {
    expect([0, 1, 2, 3, 6, 7, 100].map((attempts) => backoffDelayMs(attempts))).toEqual([1_000, 1_000, 2_000, 4_000, 32_000, 60_000, 60_000]);
    expect(backoffDelayMs(3, { minMs: 10, maxMs: 25 })).toBe(25);
  });
});
