import { config } from 'zod/v4/core';

describe('zod in the pages', () => {
  it('runs without probing eval once the entry imported zodWithoutEval', async () => {
    const before = config().jitless;
    try {
      await import('./zodWithoutEval');
      expect(config().jitless).toBe(true);
    } finally {
      config({ jitless: before });
    }
  });
});
