import { config } from 'zod/v4/core';
import { runZodWithoutEval } from './zodInPages';

describe('zod in the pages', () => {
  it('runs without probing eval once the pages asked for it', () => {
    const before = config().jitless;
    try {
      runZodWithoutEval();
      expect(config().jitless).toBe(true);
    } finally {
      config({ jitless: before });
    }
  });
});
