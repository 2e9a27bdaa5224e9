import { QueryTypes, type Sequelize } from 'sequelize';
import { isMysql, sqlDateTime } from '../db/connection';
import { activeMemberSql, approvedFollowerSql, listedReportSql, relationReplacements, reportShownInListsSql } from '../visibility';
import { CARD_COLUMNS, cardOrderSql, toCard, type CardRow, type ListViewer, type ReportCard } from './reportCards';
import { decodeFeedCursor, encodeFeedCursor } from './reportFeedCursor';
import type { ReportFeedPage } from './reportFeedLoader';

/*
 * フォロー中: reports by members the viewer follows (approved) or carrying a tag or category
 * they follow, newest first, keyset-paged on (created_at, id) like 新着, with their blocks, mutes and
 * muted words applied. Fan-out on read (docs/decisions.md "フォー中: fan-out on read"): nothing is
 * written at publish time, so a post by an author with 5,000 followers costs what one without costs.
 *
 * Two sources, each read from the cursor on and cut at the page size, then merged:
 * - listed reports, walked down the feed index (migration 0012) with each row tested against the
 *   viewer's follows by primary-key lookups (member_follows, tag_follows, category_follows); the walk
 *   stops at the page size, so its cost is the page size over the share of reports the viewer follows;
 * - フォロワーのみ reports of authors the viewer is an approved follower of, never listed, read per
 *   followed author on (author_id, audience, created_at, id) (migration 0030).
 * Never a shared page: each member's follows are their own, so no cache can serve one.
 */

/** The viewer (`:visViewer`) follows report `k`'s author, one of its tags, or the category of one of its tags. */
const followedReportSql = (k: string): string => `(
  ${approvedFollowerSql(':visViewer', `${k}.author_id`)}
  OR EXISTS (SELECT 1 FROM report_tags fr_t JOIN tag_follows fr_tf ON fr_tf.tag_id = fr_t.tag_id AND fr_tf.user_id = :visViewer WHERE fr_t.report_id = ${k}.id)
  OR EXISTS (SELECT 1 FROM tag_follows fr_tf2 WHERE fr_tf2.user_id = :visViewer AND fr_tf2.tag_id IN (${k}.gender_tag_id, ${k}.sexual_orientation_tag_id, ${k}.role_tag_id))
  OR EXISTS (SELECT 1 FROM report_tags fr_c JOIN tags fr_g ON fr_g.id = fr_c.tag_id
               JOIN category_follows fr_cf ON fr_cf.category_id = fr_g.category_id AND fr_cf.user_id = :visViewer
              WHERE fr_c.report_id = ${k}.id))`;

export async function loadFollowingFeed(sequelize: Sequelize, { lastKey, limit, viewer }: { lastKey?: string; limit: number; viewer: ListViewer }): Promise<ReportFeedPage> {
  const cursor = lastKey === undefined ? null : decodeFeedCursor(lastKey, 'following');
  const keyset = (k: string) => (cursor ? `AND (${k}.created_at < :key OR (${k}.created_at = :key AND ${k}.id < :id))` : '');
  const mysql = isMysql(sequelize);
  const hint = mysql ? 'FORCE INDEX (reports_feed_created_at_id)' : '';
  // Without it MariaDB probes (author_id, created_at) and reads every report of every followed author to
  // find the few フォロワーのみ ones, hundreds of times slower than (author_id, audience, created_at, id)
  // (the figures: bench/RESULTS.md, フォロー中).
  const followersHint = mysql ? 'FORCE INDEX (reports_author_audience_created_at)' : '';
  const take = limit + 1;
  // Each source in a derived table of its own: SQLite allows ORDER BY and LIMIT only on a whole compound.
  const rows = await sequelize.query<CardRow>(
    `SELECT ${CARD_COLUMNS}
       FROM (SELECT id FROM (SELECT k.id FROM reports k ${hint}
                              WHERE ${listedReportSql('k')} ${keyset('k')} AND ${followedReportSql('k')} AND ${reportShownInListsSql('k')}
                              ORDER BY ${cardOrderSql('new', 'k')} LIMIT :take) listed_page
             UNION ALL
             SELECT id FROM (SELECT k.id FROM member_follows f
                               JOIN reports k ${followersHint} ON k.author_id = f.followee_id AND k.audience = 'followers'
                              WHERE f.follower_id = :visViewer AND f.state = 'approved'
                                AND k.is_draft = 0 AND k.hidden_at IS NULL AND ${activeMemberSql('k.author_id')} ${keyset('k')}
                                AND ${reportShownInListsSql('k')}
                              ORDER BY ${cardOrderSql('new', 'k')} LIMIT :take) followers_page) page
       JOIN reports r ON r.id = page.id
       JOIN users u ON u.id = r.author_id
       LEFT JOIN profiles p ON p.user_id = u.id
      ORDER BY ${cardOrderSql('new', 'r')}
      LIMIT :take`,
    {
      replacements: {
        ...relationReplacements(sequelize, viewer.id, viewer.now),
        take,
        ...(cursor ? { key: sqlDateTime(sequelize, new Date(cursor.key)), id: cursor.id } : {}),
      },
      type: QueryTypes.SELECT,
    },
  );
  const cards: ReportCard[] = rows.map(toCard);
  const hasMore = cards.length > limit;
  const page = cards.slice(0, limit);
  const last = page.at(-1);
  return {
    reports: page,
    nextKey: hasMore && last ? encodeFeedCursor({ sort: 'following', key: last.createdAt.getTime(), id: last.id }) : null,
    hasMore,
  };
}
