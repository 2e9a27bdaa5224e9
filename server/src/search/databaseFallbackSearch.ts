import { glossaryGroupOf, normalizeWord } from '@hiraku/search';
import type { SortOption } from '@hiraku/shared';
import { QueryTypes, type Sequelize } from 'sequelize';
import { listedFlagsSql, listedReportSql, relationReplacements, reportShownInListsSql } from '../visibility';

/** Tag-id filters as the search endpoint validated them; null means "no filter". */
export interface DatabaseSearchFilters {
  gender?: number | null;
  sexualOrientation?: number | null;
  role?: number | null;
  playCategory?: number | null;
  playContent?: number | null;
}

export interface DatabaseSearchParams {
  query: string;
  filters: DatabaseSearchFilters;
  sort: SortOption;
  limit: number;
  offset: number;
  /** Whose search: their blocks, mutes and muted words apply (visibility/relations.ts). */
  viewer?: { id: number; now: Date } | null;
  /** Only the reports this member saved: at most LIMITS.savesMax, so the newest-reports bound is not needed. */
  savedBy?: number;
}

/**
 * How far the database search goes, so that it answers within a second at 100,000 reports (the bench's
 * http phase measures it): LIKE '%…%' cannot use an index, so the search looks only at the newest
 * `scanReports` listed reports, and MariaDB stops it after `timeLimitMs`.
 */
export interface DatabaseSearchBounds {
  scanReports: number;
  timeLimitMs: number;
}

/** 0.7 s leaves the card load and the answer room within the second; 5,000 reports take about 0.6 s with no match on a busy machine. */
export const DATABASE_SEARCH_BOUNDS: DatabaseSearchBounds = { scanReports: 5_000, timeLimitMs: 700 };

export interface DatabaseSearchResult {
  /** In the requested order; listed reports only. */
  ids: number[];
  /** Another page follows (within the reports looked at); nothing is counted. */
  hasMore: boolean;
  /** Older reports were left out, or the time limit stopped the search (then `ids` is empty). */
  limited: boolean;
}

/** Same orders as the search engine's (searchReportIds), with the id as the last tie-breaker. */
const ORDER_BY: Record<SortOption, string> = {
  new: 'r.created_at DESC, r.id DESC',
  old: 'r.created_at ASC, r.id ASC',
  like: 'r.like_count DESC, r.created_at DESC, r.id DESC',
};

const LIKE_ESCAPE = '!';

/** `text` as a LIKE pattern matching itself anywhere: a member's % or _ is a character, not a wildcard. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (char) => `${LIKE_ESCAPE}${char}`)}%`;
}

/** A word and its glossary spellings (縄 -> なわ, ロープ...), lower-cased, without repeats. */
export function spellingsOf(word: string): string[] {
  const normalized = normalizeWord(word);
  return [...new Set([word.toLowerCase(), normalized, ...(glossaryGroupOf(word) ?? []).map(normalizeWord)])];
}

/**
 * Every place the search engine looks at, as SQL conditions on one pattern. Tag names are compared
 * lower-cased because their column is case-sensitive on MySQL (names are unique byte for byte).
 */
function wordMatches(param: string): string {
  const like = (column: string) => `LOWER(${column}) LIKE :${param} ESCAPE '${LIKE_ESCAPE}'`;
  return `(${[
    like('r.title'),
    like('r.description'),
    like('r.tips'),
    like('p.username'),
    `EXISTS (SELECT 1 FROM report_tools t WHERE t.report_id = r.id AND ${like('t.name')})`,
    `EXISTS (SELECT 1 FROM report_steps s WHERE s.report_id = r.id AND ${like('s.action')})`,
    `EXISTS (SELECT 1 FROM report_tags rt JOIN tags tg ON tg.id = rt.tag_id WHERE rt.report_id = r.id AND ${like('tg.name')})`,
    `EXISTS (SELECT 1 FROM tags tg WHERE tg.id IN (r.gender_tag_id, r.sexual_orientation_tag_id, r.role_tag_id) AND ${like('tg.name')})`,
  ].join(' OR ')})`;
}

/** MariaDB's ER_STATEMENT_TIMEOUT: max_statement_time stopped the statement. */
const STATEMENT_TIMEOUT_ERRNO = 1969;

function isStatementTimeout(error: unknown): boolean {
  const parent = (error as { parent?: { errno?: unknown } } | null)?.parent;
  return parent?.errno === STATEMENT_TIMEOUT_ERRNO;
}

/**
 * The newest listed report left out by the bound (the one after the newest `scanReports`), or null when
 * there are no more listed reports than that. One range of the feed index (listed, is_draft, hidden_at,
 * created_at, id).
 */
async function oldestLeftOut(sequelize: Sequelize, scanReports: number): Promise<{ createdAt: unknown; id: number } | null> {
  const [row] = await sequelize.query<{ createdAt: unknown; id: number | string }>(
    `SELECT r.created_at AS createdAt, r.id AS id FROM reports r
      WHERE ${listedFlagsSql('r')}
      ORDER BY r.created_at DESC, r.id DESC LIMIT 1 OFFSET :scanReports`,
    { replacements: { scanReports }, type: QueryTypes.SELECT },
  );
  return row ? { createdAt: row.createdAt, id: Number(row.id) } : null;
}

/**
 * The search answered from the database, for when Meilisearch is unreachable: slower (LIKE scans the
 * reports) but the member still gets results. Each word of the query must be found somewhere in the
 * report, in any of its glossary spellings, as the engine does with `matchingStrategy: 'all'`.
 * Bounded (DATABASE_SEARCH_BOUNDS): only the newest reports are searched and, on MariaDB, the statement
 * has a time limit; `limited` says when either left something out, so the answer can say so.
 */
export async function searchReportsInDatabase(
  sequelize: Sequelize,
  params: DatabaseSearchParams,
  bounds: DatabaseSearchBounds = DATABASE_SEARCH_BOUNDS,
): Promise<DatabaseSearchResult> {
  const replacements: Record<string, unknown> = {};
  // The same visibility as the search documents (reportDocumentBuilder), from the visibility module.
  const conditions = [listedReportSql('r')];
  if (params.viewer) {
    conditions.push(reportShownInListsSql('r'));
    Object.assign(replacements, relationReplacements(sequelize, params.viewer.id, params.viewer.now));
  }

  const { gender, sexualOrientation, role, playCategory, playContent } = params.filters;
  const column = (name: string, value: number | null | undefined, sql: string) => {
    if (value === null || value === undefined) return;
    replacements[name] = value;
    conditions.push(sql);
  };
  column('gender', gender, 'r.gender_tag_id = :gender');
  column('sexualOrientation', sexualOrientation, 'r.sexual_orientation_tag_id = :sexualOrientation');
  column('role', role, 'r.role_tag_id = :role');
  column('playCategory', playCategory, "EXISTS (SELECT 1 FROM report_tags fc WHERE fc.report_id = r.id AND fc.kind = 'playCategory' AND fc.tag_id = :playCategory)");
  column('playContent', playContent, "EXISTS (SELECT 1 FROM report_tags fp WHERE fp.report_id = r.id AND fp.kind = 'playContent' AND fp.tag_id = :playContent)");

  // Like the engine, which drops separators: a "word" of punctuation only (%, _, quotes) matches anything.
  const words = [...new Set(params.query.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)))];
  words.forEach((word, wordIndex) => {
    const alternatives = spellingsOf(word).map((spelling, spellingIndex) => {
      const param = `w${wordIndex}_${spellingIndex}`;
      replacements[param] = containsPattern(spelling);
      return wordMatches(param);
    });
    conditions.push(`(${alternatives.join(' OR ')})`);
  });

  if (params.savedBy !== undefined) {
    replacements.savedBy = params.savedBy;
    conditions.push('EXISTS (SELECT 1 FROM saves sv WHERE sv.user_id = :savedBy AND sv.report_id = r.id)');
  }
  const leftOut = params.savedBy === undefined ? await oldestLeftOut(sequelize, bounds.scanReports) : null;
  if (leftOut) {
    replacements.leftOutAt = leftOut.createdAt;
    replacements.leftOutId = leftOut.id;
    conditions.push('(r.created_at > :leftOutAt OR (r.created_at = :leftOutAt AND r.id > :leftOutId))');
  }

  // One row more than asked tells whether another page follows, without counting every match.
  const select = `SELECT r.id AS id FROM reports r
    JOIN users u ON u.id = r.author_id
    LEFT JOIN profiles p ON p.user_id = u.id
    WHERE ${conditions.join('\n      AND ')}
    ORDER BY ${ORDER_BY[params.sort]} LIMIT :limit OFFSET :offset`;
  // MariaDB stops the statement itself (seconds, fractions allowed). exists_to_in=off keeps the EXISTS
  // over tools and steps per report: turned into IN, MariaDB would materialize them by scanning every
  // step and tool of every report (about 0.8 million rows at 100,000 reports) before the bound applies.
  // SQLite has neither and serves one machine's few reports.
  const sql =
    sequelize.getDialect() === 'mysql'
      ? `SET STATEMENT max_statement_time = ${bounds.timeLimitMs / 1000}, optimizer_switch = 'exists_to_in=off' FOR ${select}`
      : select;
  try {
    const rows = await sequelize.query<{ id: number | string }>(sql, {
      replacements: { ...replacements, limit: params.limit + 1, offset: params.offset },
      type: QueryTypes.SELECT,
    });
    const ids = rows.slice(0, params.limit).map((row) => Number(row.id));
    return { ids, hasMore: rows.length > params.limit, limited: leftOut !== null };
  } catch (error) {
    if (!isStatementTimeout(error)) throw error;
    return { ids: [], hasMore: false, limited: true };
  }
}
