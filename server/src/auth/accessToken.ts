import { createHmac } from 'node:crypto';
import { safeEqual } from './secretTokens';

export interface AccessTokenClaims {
  userId: number;
  familyId: string;
  /** Seconds since the epoch. */
  exp: number;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** `<payload>.<signature>`, both base64url: an HMAC-SHA256 over the JSON claims. */
export function signAccessToken(claims: AccessTokenClaims, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify({ userId: claims.userId, familyId: claims.familyId, exp: claims.exp })).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/**
 * The claims of a token signed with `key`, or null when it was tampered with, is malformed or has expired.
 * Never throws: a bad cookie just means "not logged in".
 */
export function verifyAccessToken(token: string, key: Buffer, nowSec: number = Math.floor(Date.now() / 1000)): AccessTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!safeEqual(signature, sign(key, payload))) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims) || claims.exp <= nowSec) return null;
  return { userId: claims.userId, familyId: claims.familyId, exp: claims.exp };
}

function isClaims(value: unknown): value is AccessTokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.userId === 'number' &&
    Number.isSafeInteger(v.userId) &&
    v.userId > 0 &&
    typeof v.familyId === 'string' &&
    v.familyId.length > 0 &&
    typeof v.exp === 'number' &&
    Number.isFinite(v.exp)
  );
}
