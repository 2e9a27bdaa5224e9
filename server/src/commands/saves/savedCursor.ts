import { TEXTS } from '@hiraku/shared';
import { z } from 'zod';
import { validationError } from '../../errors';
import { keysetCursor } from '../../http/keysetCursor';

/**
 * Where a page of /saved ended: its last row's key (the save's time in ms, or the report's position in a
 * collection) and report id, as a keyset cursor (http/keysetCursor.ts).
 */
export interface SavedCursor {
  key: number;
  id: number;
}

const codec = keysetCursor(
  z.object({
    k: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  }),
  () => validationError(TEXTS.saves.invalidCursor, { cursor: TEXTS.saves.invalidCursor }),
);

export const encodeSavedCursor = (cursor: SavedCursor): string => codec.encode({ k: cursor.key, i: cursor.id });

/** The cursor in `raw`; anything else is a 400 asking to reload. */
export function decodeSavedCursor(raw: string | undefined): SavedCursor | null {
  const decoded = codec.decode(raw);
  return decoded && { key: decoded.k, id: decoded.i };
}
