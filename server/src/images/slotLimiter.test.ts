import { createSlotLimiter } from './slotLimiter';

describe('createSlotLimiter', () => {
  it('never runs more than its slots at once and runs everything in arrival order', async () => {
    const limiter = createSlotLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((n) =>
        limiter.run(async () => {
          started.push(n);
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
          return n * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot when the work fails', async () => {
    const limiter = createSlotLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('壊れた画像')))).rejects.toThrow('壊れた画像');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });
});
