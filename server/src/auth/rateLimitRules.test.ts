import { RATE_LIMIT_NAMES, rateLimitRule } from './rateLimitRules';

describe('rate limit rules', () => {
  it('scales every limit by RATE_LIMIT_FACTOR and never goes below one request', () => {
    for (const name of RATE_LIMIT_NAMES) {
      const base = rateLimitRule(name, 1);
      expect(base.limit).toBeGreaterThanOrEqual(1);
      expect(rateLimitRule(name, 100).limit).toBe(base.limit * 100);
      expect(rateLimitRule(name, 0.0001).limit).toBe(1);
      expect(rateLimitRule(name, 100).windowSec).toBe(base.windowSec);
    }
  });
});
