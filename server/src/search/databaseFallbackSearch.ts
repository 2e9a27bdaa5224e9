import { SYNONYM_GROUPS } from '@hiraku/search';
import type { SortOption } from '@hiraku/shared';
import { QueryTypes, type Sequelize } from 'sequelize';
import { listedReportSql } from '../visibility';

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
}

export interface DatabaseSearchResult {
  /** In the requested order; listed reports only. */
  ids: number[];
  total: number;
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

const normalizeWord = (word: string) => word.normalize('NFKC').toLowerCase();
const GLOSSARY = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS) for (const word of group) GLOSSARY.set(normalizeWord(word), group);

/** A word and its glossary spellings (縄 -> なわ, ロープ...), lower-cased, without repeats. */
export function spellingsOf(word: string): string[] {
  const normalized = normalizeWord(word);
  return [...new Set([word.toLowerCase(), normalized, ...(GLOSSARY.get(normalized) ?? []).map(normalizeWord)])];
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

/**
 * The search answered from the database, for when Meilisearch is unreachable: slower (LIKE scans every
 * listed report) but the member still gets results. Each word of the query must be found somewhere in
 * the report, in any of its glossary spellings, as the engine does with `matchingStrategy: 'all'`.
 */
export async function searchReportsInDatabase(sequelize: Sequelize, params: DatabaseSearchParams): Promise<DatabaseSearchResult> {
  const replacements: Record<string, string | number> = {};
  // The same visibility as the search documents (reportDocumentBuilder), from the visibility module.
  const conditions = [listedReportSql('r')];

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

  const from = `FROM reports r
    JOIN users u ON u.id = r.author_id
    LEFT JOIN profiles p ON p.user_id = u.id
    WHERE ${conditions.join('\n      AND ')}`;
  const [rows, counted] = await Promise.all([
    sequelize.query<{ id: number | string }>(`SELECT r.id AS id ${from} ORDER BY ${ORDER_BY[params.sort]} LIMIT :limit OFFSET :offset`, {
      replacements: { ...replacements, limit: params.limit, offset: params.offset },
      type: QueryTypes.SELECT,
    }),
    sequelize.query<{ total: number | string }>(`SELECT COUNT(*) AS total ${from}`, { replacements, type: QueryTypes.SELECT }),
  ]);
  return { ids: rows.map((row) => Number(row.id)), total: Number(counted[0]?.total ?? 0) };
}
