import { FALLBACK_POPULAR_KEYWORDS, LIMITS, POPULAR_KEYWORDS_MAX, type CategoryKey } from '@hiraku/shared';
import { QueryTypes, type Sequelize } from 'sequelize';
import { normalizeSearchLogQuery } from './searchLog';
import { activeMemberSql, listedReportSql } from '../visibility';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Categories whose tags sit on nearly every report (each report names a gender and an orientation):
 * their popularity says nothing about what members want to find, so they are not offered as keywords.
 */
const NOT_KEYWORD_CATEGORIES: readonly CategoryKey[] = ['gender', 'sexualOrientation'];

export interface PopularKeywordSources {
  /** Searched by at least LIMITS.popularKeywordMinMembers members in the last LIMITS.popularKeywordDays days. */
  queries: string[];
  /** Chosen on listed reports by at least LIMITS.popularKeywordMinMembers different authors. */
  tags: string[];
}

/**
 * Ranked by how many different members searched a query, then by searches: one member repeating a
 * word a hundred times must not put it on everyone's page. A suspended member's searches do not count.
 * Tags are ranked the same way, by the authors of listed reports that chose them, counted when asked
 * (nothing the browser sends moves them): a deleted, hidden or drafted report, a suspended or deleted
 * author, takes its weight away at once.
 */
export async function loadPopularKeywordSources(sequelize: Sequelize, now = new Date(), max = POPULAR_KEYWORDS_MAX): Promise<PopularKeywordSources> {
  const since = new Date(now.getTime() - LIMITS.popularKeywordDays * DAY_MS);
  const [queries, tags] = await Promise.all([
    sequelize.query<{ query: string }>(
      `SELECT query, COUNT(DISTINCT user_id) AS members, COUNT(*) AS searches
         FROM search_queries sq
        WHERE sq.created_at >= :since
          AND ${activeMemberSql('sq.user_id')}
        GROUP BY query
       HAVING COUNT(DISTINCT user_id) >= :minMembers
        ORDER BY members DESC, searches DESC, query ASC
        LIMIT :max`,
      { replacements: { since, minMembers: LIMITS.popularKeywordMinMembers, max }, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ name: string }>(
      `SELECT t.name AS name, COUNT(DISTINCT r.author_id) AS members, COUNT(*) AS uses
         FROM report_tags rt
         JOIN reports r ON r.id = rt.report_id
         JOIN tags t ON t.id = rt.tag_id
         LEFT JOIN categories c ON c.id = t.category_id
        WHERE ${listedReportSql('r')}
          AND (c.\`key\` IS NULL OR c.\`key\` NOT IN (:excluded))
        GROUP BY t.id, t.name
       HAVING COUNT(DISTINCT r.author_id) >= :minMembers
        ORDER BY members DESC, uses DESC, t.id ASC
        LIMIT :max`,
      { replacements: { excluded: [...NOT_KEYWORD_CATEGORIES], minMembers: LIMITS.popularKeywordMinMembers, max }, type: QueryTypes.SELECT },
    ),
  ]);
  return { queries: queries.map((row) => row.query), tags: tags.map((row) => row.name) };
}

/**
 * Searched words and popular tags taken in turn, each word once (compared as the search log stores
 * them), at most `max`. When that gives fewer words than docs/product.md's six, those six fill the list up.
 */
export function mixPopularKeywords({ queries, tags }: PopularKeywordSources, max = POPULAR_KEYWORDS_MAX): string[] {
  const keywords: string[] = [];
  const seen = new Set<string>();
  const add = (word: string) => {
    const key = normalizeSearchLogQuery(word);
    if (!key || seen.has(key) || keywords.length >= max) return;
    seen.add(key);
    keywords.push(word.trim());
  };
  for (let i = 0; i < Math.max(queries.length, tags.length); i += 1) {
    const query = queries[i];
    const tag = tags[i];
    if (query !== undefined) add(query);
    if (tag !== undefined) add(tag);
  }
  for (const word of FALLBACK_POPULAR_KEYWORDS) {
    if (keywords.length >= FALLBACK_POPULAR_KEYWORDS.length) break;
    add(word);
  }
  return keywords;
}

export async function loadPopularKeywords(sequelize: Sequelize, now = new Date()): Promise<string[]> {
  return mixPopularKeywords(await loadPopularKeywordSources(sequelize, now));
}
