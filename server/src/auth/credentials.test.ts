import { LIMITS } from '@hiraku/shared';
import type { Sequelize } from 'sequelize';
import { createLogger } from '../logger';
import type { Models, User } from '../models';
import { createMemoryRateLimiter } from '../rateLimit/rateLimiter';
import { checkCredentials } from './credentials';
import { createLoginThrottle } from './loginThrottle';

// The boundary faked here is argon2: each verification is counted instead of taking 100 ms.
const verified: string[] = [];
jest.mock('./password', () => ({
  hashPassword: async (password: string) => `hash:${password}`,
  verifyPassword: async (hash: string, password: string) => {
    verified.push(hash);
    return hash === `hash:${password}`;
  },
}));

const MEMBER = { id: 7, email: 'member@example.com', passwordHash: 'hash:right-password', suspendedAt: null, suspendedUntil: null, emailVerifiedAt: new Date() } as unknown as User;

function login() {
  const models = { User: { findOne: async ({ where }: { where: { email: string } }) => (where.email === MEMBER.email ? MEMBER : null) } } as unknown as Models;
  const throttle = createLoginThrottle({ rateLimiter: createMemoryRateLimiter(), logger: createLogger('silent') });
  const deps = { models, sequelize: {} as Sequelize, throttle };
  return (email: string, password: string, clientAddress: string) => checkCredentials(deps, { email, password, clientAddress });
}

describe('checkCredentials', () => {
  beforeEach(() => verified.splice(0));

  it('answers an unknown address exactly as a known one, and verifies a hash for every attempt', async () => {
    const attempt = login();
    const reasons = async (email: string, address: string) => {
      const seen: string[] = [];
      for (let i = 0; i <= LIMITS.failedLoginsToLock; i += 1) {
        const outcome = await attempt(email, `wrong-${i}`, address);
        seen.push(outcome.ok ? 'ok' : outcome.reason);
      }
      return seen;
    };
    const known = await reasons(MEMBER.email, '198.51.100.1');
    const unknown = await reasons('nobody@example.com', '198.51.100.1');
    expect(unknown).toEqual(known);
    expect(known).toEqual([...Array.from({ length: LIMITS.failedLoginsToLock - 1 }, () => 'invalid'), 'locked', 'locked']);
    // Throttled or not, known or not: one verification per attempt.
    expect(verified).toHaveLength(2 * (LIMITS.failedLoginsToLock + 1));
  });

  it('refuses even the right password from the throttled address, and lets the member in from their own', async () => {
    const attempt = login();
    for (let i = 0; i < LIMITS.failedLoginsToLock; i += 1) await attempt(MEMBER.email, 'guess', '203.0.113.66');
    expect(await attempt(MEMBER.email, 'right-password', '203.0.113.66')).toEqual({ ok: false, reason: 'locked' });
    expect(await attempt(MEMBER.email, 'right-password', '198.51.100.1')).toMatchObject({ ok: true });
  });

  it('counts failures in a row: the right password starts the count again', async () => {
    const attempt = login();
    for (let i = 0; i < LIMITS.failedLoginsToLock - 1; i += 1) await attempt(MEMBER.email, 'typo', '198.51.100.1');
    expect(await attempt(MEMBER.email, 'right-password', '198.51.100.1')).toMatchObject({ ok: true });
    for (let i = 0; i < LIMITS.failedLoginsToLock - 1; i += 1) expect(await attempt(MEMBER.email, 'typo', '198.51.100.1')).toEqual({ ok: false, reason: 'invalid' });
  });
});
