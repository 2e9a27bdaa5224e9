import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL- and cookie-safe: refresh tokens, mail link tokens and the anti-forgery value. */
export function generateSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: a stolen table cannot be replayed. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares two strings in time that does not depend on where they first differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
