import { TEXTS } from '@hiraku/shared';
import { z } from 'zod';
import { validationError } from '../errors';
import { keysetCursor } from '../http/keysetCursor';

/**
 * Moderation lists page by an id (keyset, never OFFSET): the audit log by the entry's id. Ids grow with
 * time, so paging by them is paging by time without ties.
 */
const codec = keysetCursor(z.object({ i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }), () =>
  validationError(TEXTS.moderation.cursorInvalid, { cursor: TEXTS.moderation.cursorInvalid }),
);

export const decodeIdCursor = (cursor: string | undefined): number | null => codec.decode(cursor)?.i ?? null;

export const encodeIdCursor = (id: number): string => codec.encode({ i: id });
