import { randomBytes } from 'node:crypto';

// 32 symbols (no 0/o, 1/l look-alikes) so `byte % 32` has no bias.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A short, URL-safe, unguessable id shown in profile URLs; it never changes once given. */
export function generatePublicId(length = 12): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}
