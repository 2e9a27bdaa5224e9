import { createLogger } from '../logger';
import { startOutboxRunner } from './outboxRunner';
import type { OutboxDrainResult, OutboxWorker } from './outboxWorker';

const result = (more: boolean): OutboxDrainResult => ({ claimed: more ? 10 : 0, applied: more ? 10 : 0, failed: 0, released: 0, more, unavailable: false });

/** A worker that counts its rounds; `backlog` rounds report more rows due before it runs dry. */
function countingWorker(backlog = 0) {
  let rounds = 0;
  let due = backlog;
  const worker: OutboxWorker = {
    workerId: 'test',
    name: 'test',
    drainOnce: async () => {
      rounds += 1;
      const more = due > 0;
      due -= 1;
      return result(more);
    },
  };
  return { worker, rounds: () => rounds };
}

describe('startOutboxRunner', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const logger = createLogger('silent');

  it('starts a woken round no sooner than minGapMs after the last one started, and one for many wakes', async () => {
    const { worker, rounds } = countingWorker();
    const runner = startOutboxRunner(worker, logger, { idleMs: 60_000, minGapMs: 50 });
    await jest.advanceTimersByTimeAsync(0);
    expect(rounds()).toBe(1);

    runner.nudge();
    runner.nudge();
    await jest.advanceTimersByTimeAsync(49);
    expect(rounds()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(rounds()).toBe(2);

    // Woken long after the last round: at once.
    await jest.advanceTimersByTimeAsync(1_000);
    runner.nudge();
    await jest.advanceTimersByTimeAsync(0);
    expect(rounds()).toBe(3);
    await runner.stop();
  });

  it('drains a backlog round after round without the gap', async () => {
    const { worker, rounds } = countingWorker(3);
    const runner = startOutboxRunner(worker, logger, { idleMs: 60_000, minGapMs: 50 });
    await jest.advanceTimersByTimeAsync(0);
    // Three rounds with more due, then the one that finds the outbox empty.
    expect(rounds()).toBe(4);
    await runner.stop();
  });

  it('without minGapMs, a wake starts the next round at once', async () => {
    const { worker, rounds } = countingWorker();
    const runner = startOutboxRunner(worker, logger, { idleMs: 60_000 });
    await jest.advanceTimersByTimeAsync(0);
    runner.nudge();
    await jest.advanceTimersByTimeAsync(0);
    expect(rounds()).toBe(2);
    await runner.stop();
  });

  it('stops at once while it waits out the gap', async () => {
    const { worker, rounds } = countingWorker();
    const runner = startOutboxRunner(worker, logger, { idleMs: 60_000, minGapMs: 10_000 });
    await jest.advanceTimersByTimeAsync(0);
    runner.nudge();
    await jest.advanceTimersByTimeAsync(0);
    let stopped = false;
    void runner.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(true);
    expect(rounds()).toBe(1);
  });
});
