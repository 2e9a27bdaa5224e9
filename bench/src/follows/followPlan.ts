/*
 * The pure parts of `npm run bench:follows`: what each reader follows, and the cursors each
 * request of the feed holds. Unit-tested in followPlan.test.ts; followsBench.ts writes and measures.
 */

export interface FollowPlan {
  members: number[];
  tags: number[];
  categories: number[];
}

export interface PlanInput {
  /** The reader themself: never among the members they follow. */
  readerId: number;
  /** Members who may be followed (authors first is fine: the plan takes a reader-dependent slice). */
  memberIds: readonly number[];
  /** Tags with the number of listed reports carrying them. */
  tagUsage: readonly { id: number; reports: number }[];
  /** Categories that may be followed. */
  categoryIds: readonly number[];
  /** Follows in all (LIMITS' 2,000 for the benchmark). */
  total: number;
  /** Tags to follow, at most (the rest, after categories, goes to members). */
  tags: number;
  /** Categories to follow, at most. */
  categories: number;
}

/**
 * `total` follows for one reader: `categories` categories, the `tags` least used tags (a member following
 * hundreds of tags follows niche ones; the common ones would make フォロー中 all but
 * 新着, which is what the benchmark must not measure), and members for the rest, a slice starting at a
 * place that depends on the reader so readers follow different members. Deterministic.
 */
export function planFollows(input: PlanInput): FollowPlan {
  const categories = input.categoryIds.slice(0, Math.max(0, Math.min(input.categories, input.total)));
  const tagRoom = Math.min(input.tags, input.total - categories.length);
  const tags = [...input.tagUsage]
    .sort((a, b) => a.reports - b.reports || a.id - b.id)
    .slice(0, Math.max(0, tagRoom))
    .map((tag) => tag.id);
  const others = input.memberIds.filter((id) => id !== input.readerId);
  const memberRoom = Math.min(others.length, input.total - categories.length - tags.length);
  const start = others.length === 0 ? 0 : (input.readerId * 7919) % others.length;
  const members: number[] = [];
  for (let i = 0; i < memberRoom; i += 1) members.push(others[(start + i) % others.length] as number);
  return { members, tags, categories };
}

/**
 * `count` positions spread evenly over [from, to) of a list of `length` (shares 0..1): the reports whose
 * keys the deep-page cursors hold. Never outside the list; fewer when the stretch is shorter than `count`.
 */
export function spreadPositions(length: number, count: number, from: number, to: number): number[] {
  const start = Math.max(0, Math.floor(length * from));
  const end = Math.min(length, Math.ceil(length * to));
  const span = end - start;
  if (span <= 0 || count <= 0) return [];
  const take = Math.min(count, span);
  const step = span / take;
  return Array.from({ length: take }, (_, i) => start + Math.floor(i * step));
}

/**
 * The index of the cursor request `iteration` of `connection` sends: every request of a run a different one
 * as long as the run sends no more requests than there are cursors (connections walk the list apart).
 */
export function cursorIndex(connection: number, iteration: number, connections: number, cursors: number): number {
  if (cursors <= 0) throw new Error('no cursors');
  return (iteration * connections + connection) % cursors;
}

/** p-th percentile (0..100) of `values` by nearest rank; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}
