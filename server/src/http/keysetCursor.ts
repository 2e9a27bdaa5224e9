import type { z } from 'zod';

/** Longer cursors are refused before they are decoded. */
export const KEYSET_CURSOR_MAX_LENGTH = 2048;

export interface KeysetCursorCodec<T> {
  encode(value: T): string;
  /** The cursor in `raw` (null for none); anything this codec did not make throws `invalid()`. */
  decode(raw: string | undefined): T | null;
}

/**
 * The one wire format of every keyset-paged list: where a page ended, as base64url JSON of a
 * few short fields, opaque to clients and trusted no further than `wire`. Each list names its fields and
 * its Japanese "reload" error; this module owns the encoding and the checks.
 */
export function keysetCursor<W extends z.ZodType<Record<string, unknown>>>(wire: W, invalid: () => Error): KeysetCursorCodec<z.output<W>> {
  return {
    encode: (value) => Buffer.from(JSON.stringify(value)).toString('base64url'),
    decode(raw) {
      if (raw === undefined || raw === '') return null;
      if (raw.length > KEYSET_CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
      } catch {
        throw invalid();
      }
      const result = wire.safeParse(parsed);
      if (!result.success) throw invalid();
      return result.data;
    },
  };
}
