import { backoffDelayMs } from './outboxLease';
import { MAIL_BACKOFF } from './mailOutboxWorker';

describe('mail outbox back-off', () => {
  it('waits 2 s after the first failure, doubling each time, never more than 5 minutes', () => {
    const delays = Array.from({ length: 10 }, (_, index) => backoffDelayMs(index + 1, MAIL_BACKOFF));
    expect(delays).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000]);
  });
});
