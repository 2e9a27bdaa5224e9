import { randomBytes } from 'node:crypto';

// 32 symbols (no 0/o, 1/l look-alikes) so `byte % 32` has no bias.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * A short, URL-safe, unguessable id shown in profile URLs; it never changes once given. Never all
 * digits, so it cannot be mistaken for an internal id (the profile route refuses those).
 */
export function generatePublicId(length = 12): string {
  for (;;) {
    let id = '';
    for (const byte of randomBytes(length)) id += ALPHABET[byte % ALPHABET.length];
    if (!/^\d+$/.test(id)) return id;
  }
}
