import { COMMUNITY_MESSAGES, SORT_OPTIONS, type SortOption } from '@hiraku/shared';
import { z } from 'zod';
import { validationError } from '../errors';

/**
 * Where a page of the report list ended: the sort key and id of its last report. For sort=like it also
 * carries `at`, a moment safely before that page was read, for the catch-up described in
 * reportFeedLoader.ts. Sent as opaque base64url JSON; the server never trusts it further than this schema.
 */
export interface FeedCursor {
  sort: SortOption;
  /** createdAt in ms (new, old) or likeCount (like). */
  key: number;
  id: number;
  at?: number;
}

const wire = z.object({
  s: z.enum(SORT_OPTIONS),
  k: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  t: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

export function encodeFeedCursor(cursor: FeedCursor): string {
  const payload: z.input<typeof wire> = { s: cursor.sort, k: cursor.key, i: cursor.id, ...(cursor.at === undefined ? {} : { t: cursor.at }) };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** The cursor in `raw`, which must have been made for `sort`; anything else is a 400 asking to reload. */
export function decodeFeedCursor(raw: string, sort: SortOption): FeedCursor {
  const invalid = () => validationError(COMMUNITY_MESSAGES.report.invalidCursor, { lastKey: COMMUNITY_MESSAGES.report.invalidCursor });
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const result = wire.safeParse(parsed);
  if (!result.success || result.data.s !== sort || (sort === 'like') !== (result.data.t !== undefined)) throw invalid();
  return { sort: result.data.s, key: result.data.k, id: result.data.i, ...(result.data.t === undefined ? {} : { at: result.data.t }) };
}
