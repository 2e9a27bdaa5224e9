import { TEXTS, FEED_SORT_OPTIONS, type FeedSortOption } from '@hiraku/shared';
import { z } from 'zod';
import { validationError } from '../errors';
import { keysetCursor } from '../http/keysetCursor';

/**
 * Where a page of the report list ended: the sort key and id of its last report. For sort=like it also
 * carries `at`, a moment safely before that page was read, for the catch-up described in
 * reportFeedLoader.ts. Sent as a keyset cursor (http/keysetCursor.ts).
 */
export interface FeedCursor {
  /** フォロー中 pages like new: by createdAt and id. */
  sort: FeedSortOption;
  /** createdAt in ms (new, old) or likeCount (like). */
  key: number;
  id: number;
  at?: number;
  /** Reports this scroll already received by catch-up that would qualify again (sort=like only). */
  caught?: number[];
}

/** Bounds the cursor's length: at most this many caught-up ids travel in it. */
export const CAUGHT_MAX = 50;

const wire = z.object({
  s: z.enum(FEED_SORT_OPTIONS),
  k: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  t: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  c: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(CAUGHT_MAX).optional(),
});

const codec = keysetCursor(wire, () => validationError(TEXTS.report.invalidCursor, { lastKey: TEXTS.report.invalidCursor }));

export function encodeFeedCursor(cursor: FeedCursor): string {
  return codec.encode({
    s: cursor.sort,
    k: cursor.key,
    i: cursor.id,
    ...(cursor.at === undefined ? {} : { t: cursor.at }),
    ...(cursor.caught?.length ? { c: cursor.caught.slice(0, CAUGHT_MAX) } : {}),
  });
}

/** The cursor in `raw`, which must have been made for `sort`; anything else is a 400 asking to reload. */
export function decodeFeedCursor(raw: string, sort: FeedSortOption): FeedCursor {
  const invalid = () => validationError(TEXTS.report.invalidCursor, { lastKey: TEXTS.report.invalidCursor });
  const decoded = codec.decode(raw);
  if (!decoded || decoded.s !== sort) throw invalid();
  const { k, i, t, c } = decoded;
  if ((sort === 'like') !== (t !== undefined) || (sort !== 'like' && c !== undefined)) throw invalid();
  return { sort, key: k, id: i, ...(t === undefined ? {} : { at: t }), ...(c === undefined ? {} : { caught: c }) };
}
