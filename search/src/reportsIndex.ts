import type { Settings } from 'meilisearch';
import type { SearchClient } from './client';
import { buildSynonyms } from './synonyms';
import { assertSucceeded, waitForSuccess, waitForTask } from './tasks';

/**
 * One published, visible report as the search engine sees it. Search answers ids only; the server
 * loads the rows from the database, so visibility rules are applied in one place.
 */
export interface ReportSearchDocument {
  id: number;
  title: string;
  description: string;
  tips: string;
  toolNames: string[];
  stepTexts: string[];
  tagNames: string[];
  authorUsername: string;
  authorPublicId: string;
  authorId: number;
  /** Tag ids from the gender / sexual orientation / role categories. */
  gender: number | null;
  sexualOrientation: number | null;
  role: number | null;
  playCategories: number[];
  playContents: number[];
  /** Epoch milliseconds. */
  createdAt: number;
  likeCount: number;
  /** Content warning keys (issue 37, packages/shared CONTENT_WARNING_KEYS): members who hide one are given a filter on it. */
  warnings: string[];
  /**
   * The members who saved the report: only a filter for search inside one's saves. Private:
   * never displayed (REPORT_DISPLAYED_ATTRIBUTES), so no search answer or document read returns it.
   */
  savedBy: number[];
}

export const REPORTS_PRIMARY_KEY = 'id';
export const SEARCH_LOCALES = ['jpn'];
/** Above any number of reports the site will hold, so a search's total and its last pages are exact. */
export const SEARCH_MAX_TOTAL_HITS = 100_000_000;

const INDEX_PREFIX_PATTERN = /^[A-Za-z0-9_-]*$/;

export function reportsIndexUid(prefix = ''): string {
  if (!INDEX_PREFIX_PATTERN.test(prefix)) throw new Error(`index prefix may only contain A-Z a-z 0-9 _ -: ${JSON.stringify(prefix)}`);
  return `${prefix}reports`;
}

/**
 * What the engine may return of a document: everything but `savedBy` (who saved what is private). The
 * settings' displayedAttributes apply to search hits and to document reads alike, so a caller that asks
 * for `savedBy` or for every field is still not given it.
 */
export const REPORT_DISPLAYED_ATTRIBUTES = [
  'id', 'title', 'description', 'tips', 'toolNames', 'stepTexts', 'tagNames', 'authorUsername', 'authorPublicId', 'authorId',
  'gender', 'sexualOrientation', 'role', 'playCategories', 'playContents', 'createdAt', 'likeCount', 'warnings',
] as const satisfies ReadonlyArray<Exclude<keyof ReportSearchDocument, 'savedBy'>>;

export function reportsIndexSettings(): Settings {
  return {
    // Order is importance: a hit in the title outranks one in the tips.
    searchableAttributes: ['title', 'tagNames', 'toolNames', 'description', 'stepTexts', 'tips', 'authorUsername'],
    // `savedBy`: search inside a member's saved reports filters on it, and on the `id`s of saves the
    // search outbox has not written into their documents yet.
    filterableAttributes: ['gender', 'sexualOrientation', 'role', 'playCategories', 'playContents', 'authorId', 'warnings', 'savedBy', 'id'],
    displayedAttributes: [...REPORT_DISPLAYED_ATTRIBUTES],
    sortableAttributes: ['createdAt', 'likeCount'],
    // The member picks an order (new / old / like) and expects it to hold, as on other Japanese
    // sites; relevance only breaks ties. With `matchingStrategy: 'all'` every hit matches every word.
    rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
    // Proximity only breaks ties after the member's sort, so "both words in the same field" is precise
    // enough; measuring how near every pair of words is was the slowest step of indexing (issue 22: at
    // 1,000,000 reports Meilisearch was still pairing words after 25 minutes, at about 10,000 reports a minute).
    proximityPrecision: 'byAttribute',
    // Without this, text made only of kanji (縄, 首輪, 緊縛) is tokenized as Chinese and searches miss it.
    localizedAttributes: [{ attributePatterns: ['*'], locales: SEARCH_LOCALES }],
    synonyms: buildSynonyms(),
    // A single search counts its hits only up to maxTotalHits (1,000 by default), and members page and
    // read the total beyond that; the count is exact for a search with every word required, at about
    // 1 ms of the engine at 100,000 reports (bench/RESULTS.md, "Search in the engine").
    pagination: { maxTotalHits: SEARCH_MAX_TOTAL_HITS },
  };
}

/**
 * Creates the index when missing (primary key `id`) and applies the settings, waiting until they are
 * live. Idempotent: safe to run at every start-up.
 */
export async function applyReportsIndexSettings(client: SearchClient, indexUid: string): Promise<void> {
  await createIndexIfMissing(client, indexUid);
  await waitForSuccess(client, client.index(indexUid).updateSettings(reportsIndexSettings()), `settings of ${indexUid}`);
}

export async function createIndexIfMissing(client: SearchClient, indexUid: string): Promise<void> {
  const task = await waitForTask(client, client.createIndex(indexUid, { primaryKey: REPORTS_PRIMARY_KEY }));
  if (task.error?.code === 'index_already_exists') return;
  assertSucceeded(task, `create ${indexUid}`);
}
