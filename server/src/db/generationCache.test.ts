import { createGenerationCache } from './generationCache';

describe('the generation cache (search id lists, list relations)', () => {
  const setup = (ttlMs = 2_000, maxEntries = 10) => {
    const clock = { now: 1_000 };
    const generation = { value: 0 };
    const cache = createGenerationCache<number[]>({ ttlMs, maxEntries, now: () => clock.now, generation });
    let calls = 0;
    const load = (ids: number[]) => () => {
      calls += 1;
      return Promise.resolve(ids);
    };
    return { clock, generation, cache, load, calls: () => calls };
  };

  it('answers a repeated search from memory until its time is up, then asks again', async () => {
    const { clock, cache, load, calls } = setup();
    expect(await cache.get('縄', load([1, 2]))).toEqual([1, 2]);
    clock.now += 1_999;
    expect(await cache.get('縄', load([9]))).toEqual([1, 2]);
    expect(calls()).toBe(1);
    clock.now += 1;
    expect(await cache.get('縄', load([3]))).toEqual([3]);
    expect(calls()).toBe(2);
  });

  it('keeps answers of different searches (words, filters, windows) apart', async () => {
    const { cache, load } = setup();
    await cache.get(JSON.stringify({ query: '縄', limit: 20 }), load([1, 2]));
    expect(await cache.get(JSON.stringify({ query: '縄', limit: 60 }), load([2]))).toEqual([2]);
  });

  it('asks afresh once this process wrote to the database', async () => {
    const { generation, cache, load } = setup();
    await cache.get('縄', load([1]));
    generation.value += 1;
    expect(await cache.get('縄', load([1, 5]))).toEqual([1, 5]);
  });

  it('shares one engine request between identical searches made at once, and forgets a failure', async () => {
    const { cache, calls } = setup();
    let release: (ids: number[]) => void = () => undefined;
    let count = 0;
    const slow = () => {
      count += 1;
      return new Promise<number[]>((resolve) => (release = resolve));
    };
    const both = Promise.all([cache.get('首輪', slow), cache.get('首輪', slow)]);
    release([4]);
    expect(await both).toEqual([[4], [4]]);
    expect(count).toBe(1);
    await expect(cache.get('鞭', () => Promise.reject(new Error('engine down')))).rejects.toThrow('engine down');
    expect(await cache.get('鞭', () => Promise.resolve([6]))).toEqual([6]);
    expect(calls()).toBe(0);
  });

  it('keeps at most maxEntries answers, and none with a TTL of 0', async () => {
    const limited = setup(2_000, 2);
    for (const word of ['a', 'b', 'c']) await limited.cache.get(word, limited.load([1]));
    expect(limited.cache.size).toBe(2);
    const off = setup(0);
    await off.cache.get('a', off.load([1]));
    await off.cache.get('a', off.load([1]));
    expect(off.calls()).toBe(2);
    expect(off.cache.size).toBe(0);
  });
});
