import { createHmac, randomBytes } from 'node:crypto';
import { signAccessToken, verifyAccessToken } from './accessToken';

describe('access tokens', () => {
  const key = randomBytes(32);
  const now = 1_750_000_000;
  const claims = { userId: 42, familyId: '3f1c2a9e-0000-4000-8000-000000000001', exp: now + 900 };

  it('round-trips the claims while the token is valid', () => {
    const token = signAccessToken(claims, key);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyAccessToken(token, key, now)).toEqual(claims);
    expect(verifyAccessToken(token, key, now + 899)).toEqual(claims);
  });

  it('refuses an expired token', () => {
    const token = signAccessToken(claims, key);
    expect(verifyAccessToken(token, key, now + 900)).toBeNull();
    expect(verifyAccessToken(token, key, now + 10_000)).toBeNull();
  });

  it('refuses a token signed with another key', () => {
    expect(verifyAccessToken(signAccessToken(claims, randomBytes(32)), key, now)).toBeNull();
  });

  it('refuses a token whose claims were changed after signing', () => {
    const [, signature] = signAccessToken(claims, key).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, userId: 1 })).toString('base64url');
    expect(verifyAccessToken(`${forged}.${signature}`, key, now)).toBeNull();
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: now + 99_999 })).toString('base64url');
    expect(verifyAccessToken(`${longer}.${signature}`, key, now)).toBeNull();
  });

  it('refuses malformed input without throwing', () => {
    for (const bad of ['', 'abc', 'a.b.c', '.', `${Buffer.from('not json').toString('base64url')}.x`]) {
      expect(verifyAccessToken(bad, key, now)).toBeNull();
    }
  });

  it('refuses correctly signed payloads that are not well-formed claims', () => {
    // Signed exactly as the module signs, so only the shape of the claims can be the reason for a refusal.
    const signed = (payload: unknown) => {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    };
    expect(verifyAccessToken(signed({ userId: '42', familyId: 'f', exp: now + 60 }), key, now)).toBeNull();
    expect(verifyAccessToken(signed({ userId: 42, familyId: '', exp: now + 60 }), key, now)).toBeNull();
    expect(verifyAccessToken(signed({ userId: 42, familyId: 'f' }), key, now)).toBeNull();
    expect(verifyAccessToken(signed(null), key, now)).toBeNull();
    // The same construction with good claims is accepted, so the refusals above are about the claims.
    expect(verifyAccessToken(signed({ userId: 42, familyId: 'f', exp: now + 60 }), key, now)).toEqual({ userId: 42, familyId: 'f', exp: now + 60 });
  });
});
