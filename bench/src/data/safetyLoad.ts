import { foldForMatching } from '@hiraku/search';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { mutedWordPattern } from '../../../server/src/visibility/relations';

/** What issue 19's benchmark gives its protective member: the figures the issue names. */
export const SAFETY_LOAD = { blocks: 200, mutes: 200, mutedWords: 100 } as const;

/**
 * Gives the member with `email` SAFETY_LOAD's blocks, mutes and muted words, as the API would store them
 * (the words folded and turned into their LIKE pattern by the server's own code). Those blocked and muted
 * are at most half of the data set's members, in a fixed shuffle (never the members in `spare`: the
 * benchmark's writers, whose likes and comments would meet a block), then quiet members made here: what
 * the feed and search pay for is the number of rows the viewer's filter carries, and half the community
 * out of sight is already far past any real member's lists. The words are ones no generated text holds,
 * so every card is checked against all of them (the filter's worst case) and the pages stay full.
 */
export async function giveSafetyLoad(conn: Connection, email: string, { spare = [] }: { spare?: readonly string[] } = {}): Promise<void> {
  const [[viewer]] = await conn.query<RowDataPacket[]>('SELECT id FROM users WHERE email = ?', [email]);
  if (!viewer) throw new Error(`no member ${email}`);
  const viewerId = Number(viewer.id);
  const wanted = SAFETY_LOAD.blocks + SAFETY_LOAD.mutes;
  const [[count]] = await conn.query<RowDataPacket[]>('SELECT COUNT(*) AS members FROM users');
  const [authors] = await conn.query<RowDataPacket[]>('SELECT id FROM users WHERE id <> ? AND email NOT IN (?) ORDER BY (id * 7919) % 1009, id LIMIT ?', [
    viewerId,
    ['', ...spare],
    Math.min(wanted, Math.floor(Number(count?.members) / 2)),
  ]);
  const others = authors.map((row) => Number(row.id));
  const now = new Date();
  for (let i = others.length; i < wanted; i += 1) {
    const email = `safety-load-${viewerId}-${i}@example.invalid`;
    // IGNORE and a read back: a second run on the same data finds the members the first one made.
    await conn.query(
      `INSERT IGNORE INTO users (public_id, email, password_hash, role, tutorial_pending, adult_attested_at, created_at, updated_at)
       VALUES (?, ?, '', 'member', 0, ?, ?, ?)`,
      [`safety${viewerId}x${i}`, email, now, now, now],
    );
    const [[made]] = await conn.query<RowDataPacket[]>('SELECT id FROM users WHERE email = ?', [email]);
    others.push(Number(made?.id));
  }
  const blocked = others.slice(0, SAFETY_LOAD.blocks);
  const muted = others.slice(SAFETY_LOAD.blocks, wanted);
  await conn.query('INSERT IGNORE INTO blocks (blocker_id, blocked_id, created_at) VALUES ?', [blocked.map((id) => [viewerId, id, now])]);
  await conn.query('INSERT IGNORE INTO mutes (muter_id, muted_id, until, created_at) VALUES ?', [muted.map((id) => [viewerId, id, null, now])]);
  const words = Array.from({ length: SAFETY_LOAD.mutedWords }, (_, i) => `ミュート語${String(i).padStart(3, '0')}`);
  await conn.query('INSERT IGNORE INTO muted_words (user_id, word, folded, pattern, expires_at, created_at) VALUES ?', [
    words.map((word) => {
      const folded = foldForMatching(word);
      return [viewerId, word, folded, mutedWordPattern(folded), null, now];
    }),
  ]);
}
