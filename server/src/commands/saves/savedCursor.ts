import { TEXTS } from '@hiraku/shared';
import { z } from 'zod';
import { validationError } from '../../errors';

/**
 * Where a page of /saved ended: its last row's key (the save's time in ms, or the report's position in a
 * collection) and report id. Opaque base64url JSON, trusted no further than this schema.
 */
export interface SavedCursor {
  key: number;
  id: number;
}

const wire = z.object({
  k: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const encodeSavedCursor = (cursor: SavedCursor): string => Buffer.from(JSON.stringify({ k: cursor.key, i: cursor.id })).toString('base64url');

/** The cursor in `raw`; anything else is a 400 asking to reload. */
export function decodeSavedCursor(raw: string | undefined): SavedCursor | null {
  if (raw === undefined) return null;
  const invalid = () => validationError(TEXTS.saves.invalidCursor, { cursor: TEXTS.saves.invalidCursor });
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const result = wire.safeParse(parsed);
  if (!result.success) throw invalid();
  return { key: result.data.k, id: result.data.i };
}
