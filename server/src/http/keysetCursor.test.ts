import { z } from 'zod';
import { keysetCursor, KEYSET_CURSOR_MAX_LENGTH } from './keysetCursor';

const invalid = () => new Error('再読み込みしてください');
const codec = keysetCursor(z.object({ k: z.number().int().min(0), i: z.number().int().positive() }), invalid);

describe('keysetCursor', () => {
  it('gives back what it encoded, as an opaque URL-safe string', () => {
    const raw = codec.encode({ k: 1_764_000_000_000, i: 42 });
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(codec.decode(raw)).toEqual({ k: 1_764_000_000_000, i: 42 });
  });

  it('reads no cursor as the first page', () => {
    expect(codec.decode(undefined)).toBeNull();
    expect(codec.decode('')).toBeNull();
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('{k:1').toString('base64url')],
    ['another shape', Buffer.from(JSON.stringify({ k: 1 })).toString('base64url')],
    ['a negative id', Buffer.from(JSON.stringify({ k: 1, i: -3 })).toString('base64url')],
    ['too long', 'A'.repeat(KEYSET_CURSOR_MAX_LENGTH + 1)],
  ])('refuses %s', (_label, raw) => {
    expect(() => codec.decode(raw)).toThrow('再読み込みしてください');
  });
});
