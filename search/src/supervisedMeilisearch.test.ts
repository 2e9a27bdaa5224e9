import { attemptAfterExit, DEFAULT_RESTART_BACKOFF, restartDelayMs } from './supervisedMeilisearch';

describe('restartDelayMs', () => {
  it('starts at 1 s, doubles and stays at 30 s', () => {
    const schedule = Array.from({ length: 9 }, (_, attempt) => restartDelayMs(attempt));
    expect(schedule).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('does not overflow for very many attempts', () => {
    expect(restartDelayMs(10_000)).toBe(DEFAULT_RESTART_BACKOFF.maxMs);
  });

  it('follows a custom schedule', () => {
    const backoff = { initialMs: 50, maxMs: 300, healthyResetMs: 1_000 };
    expect([0, 1, 2, 3, 4].map((attempt) => restartDelayMs(attempt, backoff))).toEqual([50, 100, 200, 300, 300]);
  });
});

describe('attemptAfterExit', () => {
  it('keeps climbing while the engine keeps dying quickly', () => {
    expect(attemptAfterExit(3, 5_000)).toBe(3);
    expect(attemptAfterExit(3, DEFAULT_RESTART_BACKOFF.healthyResetMs - 1)).toBe(3);
  });

  it('starts over at 1 s after a healthy period', () => {
    expect(attemptAfterExit(5, DEFAULT_RESTART_BACKOFF.healthyResetMs)).toBe(0);
    expect(restartDelayMs(attemptAfterExit(5, 10 * 60_000))).toBe(1_000);
  });
});
