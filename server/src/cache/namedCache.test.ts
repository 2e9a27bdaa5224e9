import { createAppCaches } from './appCaches';
import { createNamedCache } from './namedCache';

/** A load the test finishes when it wants, counting how often it was started. */
function controlledLoad<V>() {
  const started: Array<(value: V) => void> = [];
  const load = () => new Promise<V>((resolve) => started.push(resolve));
  return { load, started };
}

describe('named cache', () => {
  let clock: number;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000;
  });

  it('keeps a value for its time to live, then loads again', async () => {
    const cache = createNamedCache<number>({ name: 't', ttlMs: 1_000, max: 10, now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock += 999;
    expect(await cache.get('a', load)).toBe(1);
    clock += 1;
    expect(await cache.get('a', load)).toBe(2);
    expect(cache.stats()).toEqual({ name: 't', hits: 1, misses: 2, size: 1 });
  });

  it('shares one load between the asks that arrive while it runs', async () => {
    const cache = createNamedCache<string>({ name: 't', ttlMs: 1_000, max: 10, now });
    const { load, started } = controlledLoad<string>();
    const first = cache.get('a', load);
    const second = cache.get('a', load);
    await Promise.resolve();
    expect(started).toHaveLength(1);
    started[0]?.('answer');
    await expect(Promise.all([first, second])).resolves.toEqual(['answer', 'answer']);
    expect(cache.stats().hits).toBe(1);
  });

  it('keeps at most max entries, dropping the least recently used', async () => {
    const cache = createNamedCache<string>({ name: 't', ttlMs: 60_000, max: 2, now });
    let loads = 0;
    const load = (value: string) => async () => {
      loads += 1;
      return value;
    };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a'));
    await cache.get('c', load('c'));
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    expect(loads).toBe(3);
  });

  it('forgets a failed load, so the next ask tries again', async () => {
    const cache = createNamedCache<string>({ name: 't', ttlMs: 1_000, max: 10, now });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.has('a')).toBe(false);
    await expect(cache.get('a', async () => 'up')).resolves.toBe('up');
  });

  it('answers the asks waiting on a load that a clear or delete interrupted, but never keeps what it read', async () => {
    const cache = createNamedCache<string>({ name: 't', ttlMs: 60_000, max: 10, now });
    for (const drop of [() => cache.clear(), () => cache.delete('a')]) {
      const { load, started } = controlledLoad<string>();
      const waiting = cache.get('a', load);
      await Promise.resolve();
      drop();
      started[0]?.('read before the write');
      await expect(waiting).resolves.toBe('read before the write');
      expect(cache.has('a')).toBe(false);
      await expect(cache.get('a', async () => 'read after the write')).resolves.toBe('read after the write');
      cache.clear();
    }
  });

  it('drops one key or every key', async () => {
    const cache = createNamedCache<number>({ name: 't', ttlMs: 60_000, max: 10, now });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    cache.delete('a');
    expect([cache.has('a'), cache.has('b')]).toEqual([false, true]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing when switched off (HIRAKU_CACHES=off)', async () => {
    const cache = createNamedCache<number>({ name: 't', ttlMs: 60_000, max: 10, enabled: false, now });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(2);
    expect(cache.has('a')).toBe(false);
    expect(cache.stats()).toEqual({ name: 't', hits: 0, misses: 2, size: 0 });
  });
});

describe('app caches with read replicas', () => {
  it('load from the primary for a while after a change, so none keeps a lagging replica’s older answer', async () => {
    let clock = 10_000;
    let inPrimary = false;
    const primaryReads = {
      async run<T>(fn: () => Promise<T>): Promise<T> {
        inPrimary = true;
        try {
          return await fn();
        } finally {
          inPrimary = false;
        }
      },
    };
    const caches = createAppCaches({ primaryReads, settleMs: 5_000, now: () => clock });
    const readFrom = async () => (inPrimary ? ['primary'] : ['replica']);
    expect(await caches.popularKeywords.get('a', readFrom)).toEqual(['replica']);
    caches.apply([{ kind: 'lists', reportIds: [1] }]);
    caches.popularKeywords.clear();
    clock += 4_999;
    expect(await caches.popularKeywords.get('b', readFrom)).toEqual(['primary']);
    clock += 1;
    expect(await caches.popularKeywords.get('c', readFrom)).toEqual(['replica']);
  });
});
