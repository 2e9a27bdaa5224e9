import { TEXTS } from '@hiraku/shared';
import { validationError } from '../../errors';

/**
 * Moderation lists page by an id (keyset, never OFFSET): the queue by the first report's id, the audit
 * log by the entry's id. Ids grow with time, so paging by them is paging by time without ties.
 */
export function decodeIdCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null;
  if (!/^[1-9][0-9]{0,15}$/.test(cursor) || !Number.isSafeInteger(Number(cursor))) {
    throw validationError(TEXTS.moderation.cursorInvalid, { cursor: TEXTS.moderation.cursorInvalid });
  }
  return Number(cursor);
}

export const encodeIdCursor = (id: number): string => String(id);
