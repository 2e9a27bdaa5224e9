import { LIMITS, SORT_OPTIONS, type SortOption } from '@hiraku/shared';
import { searchReportIds, type SearchClient } from '@hiraku/search';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { CATCH_UP_MARGIN_MS } from '../../../server/src/commands/reportFeedLoader';
import { encodeFeedCursor } from '../../../server/src/commands/reportFeedCursor';
import { deepCaseCursor } from '../data/cases';
import { createRandom, SEARCH_QUERIES } from '../data/corpus';
import type { RequestSpec, Rotation } from './runLoad';
import type { MemberSession } from './sessions';

/** What one figure of RESULTS.md measures: the API's requests, and how the reference answers the same. */
export interface Scenario {
  key: string;
  label: string;
  /** Requests the SQL statement count is read from, one after another. */
  samples: RequestSpec[];
  rotation: Rotation;
  reference: 'koa' | 'meilisearch';
  /** For reference 'meilisearch': the request Meilisearch gets for the same search. */
  meiliRotation?: Rotation;
}

export const DEEP_REPORTS = 10_000;

const get = (path: string, session: MemberSession): RequestSpec => ({ method: 'GET', path, headers: session.headers });

/**
 * The cursor a client holds after scrolling `depth` reports into `sort`: the row at that depth read from
 * the database and encoded by the server's own cursor code (scrolling there page by page through the API
 * would cost minutes per sort at 100,000 reports). For sort=like the cursor says the pages were read
 * just now, as a client scrolling quickly would have them, and after the last like in the database: the
 * same cursor is sent again and again, and one older than likes made since (the like scenario's set-up
 * toggles some) would make every request catch those reports up anew, where a real client's next cursor
 * remembers them (`caught`) and the page after has none.
 */
export async function deepCursor(conn: Connection, sort: SortOption, depth: number): Promise<string> {
  const order = { new: 'created_at DESC, id DESC', old: 'created_at ASC, id ASC', like: 'like_count DESC, id DESC' }[sort];
  const [rows] = await conn.query<RowDataPacket[]>(`SELECT id, created_at, like_count FROM reports WHERE listed = 1 ORDER BY ${order} LIMIT 1 OFFSET ?`, [depth - 1]);
  const row = rows[0];
  if (!row) throw new Error(`fewer than ${depth} listed reports`);
  const id = Number(row.id);
  if (sort === 'like') {
    const [likes] = await conn.query<RowDataPacket[]>('SELECT MAX(created_at) AS last FROM likes');
    // The next whole second: the catch-up compares at whole seconds (the driver sends no milliseconds).
    const afterLastLike = likes[0]?.last ? Math.floor(new Date(likes[0].last as Date).getTime() / 1000) * 1000 + 1000 : 0;
    return encodeFeedCursor({ sort, key: Number(row.like_count), id, at: Math.max(Date.now() - CATCH_UP_MARGIN_MS, afterLastLike), caught: [] });
  }
  return encodeFeedCursor({ sort, key: new Date(row.created_at as Date).getTime(), id });
}

export async function feedScenarios(conn: Connection, readers: MemberSession[], depth: number): Promise<Scenario[]> {
  const scenarios: Scenario[] = [];
  const reader = (connection: number) => readers[connection % readers.length] as MemberSession;
  for (const sort of SORT_OPTIONS) {
    const first = `/api/reports/infinite?sort=${sort}`;
    const deep = `${first}&lastKey=${await deepCursor(conn, sort, depth)}`;
    // The second page reads the database as a deep one does, where the first comes from the shared rows:
    // it tells what depth costs apart from what the shared first pages save.
    const next = `${first}&lastKey=${await deepCursor(conn, sort, LIMITS.pageSize)}`;
    scenarios.push(
      { key: `feed-${sort}-first`, label: `infinite sort=${sort}, first page`, samples: [get(first, reader(0))], rotation: (c) => get(first, reader(c)), reference: 'koa' },
      { key: `feed-${sort}-next`, label: `infinite sort=${sort}, second page`, samples: [get(next, reader(0))], rotation: (c) => get(next, reader(c)), reference: 'koa' },
      { key: `feed-${sort}-deep`, label: `infinite sort=${sort}, ${depth.toLocaleString('en')} deep`, samples: [get(deep, reader(0))], rotation: (c) => get(deep, reader(c)), reference: 'koa' },
    );
  }
  return scenarios;
}

interface TagIds {
  playCategory: number[];
  playContent: number[];
  role: number[];
}

async function tagIds(conn: Connection): Promise<TagIds> {
  const [rows] = await conn.query<RowDataPacket[]>('SELECT t.id, c.`key` FROM tags t JOIN categories c ON c.id = t.category_id ORDER BY t.id');
  const of = (key: string) => rows.filter((row) => row.key === key).map((row) => Number(row.id));
  return { playCategory: of('playCategory'), playContent: of('playContent'), role: of('role') };
}

interface SearchCase {
  query: string;
  sort: SortOption;
  filters: Partial<Record<keyof TagIds, number>>;
}

/** Twelve searches: every query word once, every other one filtered by a tag, every third sorted by likes. */
function searchCases(tags: TagIds): SearchCase[] {
  return SEARCH_QUERIES.map((query, i) => {
    const filters: SearchCase['filters'] = {};
    if (i % 2 === 1) {
      const kind = (['playCategory', 'playContent', 'role'] as const)[((i - 1) / 2) % 3] ?? 'playCategory';
      filters[kind] = tags[kind][i % tags[kind].length];
    }
    return { query, sort: i % 3 === 2 ? 'like' : 'new', filters };
  });
}

/**
 * The engine request carrying the hits that the server sends for a search, built by the project's own
 * query code: a single search for plain words, the spellings' multi-search for glossary words (the count
 * request sent beside it is not replayed), the federated request for deep glossary pages.
 */
async function meiliRequestFor(indexUid: string, search: SearchCase): Promise<{ path: string; body: string }> {
  const calls: { path: string; body: unknown }[] = [];
  const empty = { hits: [], estimatedTotalHits: 0, processingTimeMs: 0 };
  const recorder = {
    index: (uid: string) => ({
      search: async (q: string, params: object) => (calls.push({ path: `/indexes/${uid}/search`, body: { q, ...params } }), empty),
    }),
    multiSearch: async (request: { queries: unknown[] }) => (calls.push({ path: '/multi-search', body: request }), { ...empty, results: request.queries.map(() => empty) }),
  } as unknown as SearchClient;
  await searchReportIds(recorder, indexUid, { query: search.query, sort: search.sort, limit: LIMITS.pageSize, offset: 0, filters: search.filters });
  const [first] = calls;
  if (!first) throw new Error(`no engine request for ${search.query}`);
  return { path: first.path, body: JSON.stringify(first.body) };
}

export async function searchScenario(conn: Connection, readers: MemberSession[], meili: { host: string; key: string; indexUid: string }): Promise<Scenario & { cases: SearchCase[] }> {
  return searchScenarioOf(searchCases(await tagIds(conn)), readers, meili, {
    key: 'search',
    label: 'search/advanced (12 Japanese queries, half filtered, a third by likes)',
  });
}

/** 縄 and every spelling of its glossary group: each expands to the same five engine queries. */
export const BROAD_QUERIES = ['縄', 'なわ', 'ロープ', '麻縄', 'rope'] as const;

/**
 * Ten searches on broad words: each of BROAD_QUERIES plain and filtered by a tag, every third
 * sorted by likes. Every one is a federated search of five variants matching a large share of the
 * reports, where sorting by date or likes costs the engine most.
 */
function broadSearchCases(tags: TagIds): SearchCase[] {
  return BROAD_QUERIES.flatMap((query, q) =>
    [0, 1].map((filtered): SearchCase => {
      const i = q * 2 + filtered;
      const filters: SearchCase['filters'] = {};
      if (filtered) {
        const kind = (['playCategory', 'playContent', 'role'] as const)[q % 3] ?? 'playCategory';
        filters[kind] = tags[kind][i % tags[kind].length];
      }
      return { query, sort: i % 3 === 2 ? 'like' : 'new', filters };
    }),
  );
}

export async function broadSearchScenario(conn: Connection, readers: MemberSession[], meili: { host: string; key: string; indexUid: string }): Promise<Scenario & { cases: SearchCase[] }> {
  return searchScenarioOf(broadSearchCases(await tagIds(conn)), readers, meili, {
    key: 'search-broad',
    label: 'search/advanced (縄 and its 4 glossary spellings, half filtered, a third by likes)',
  });
}

async function searchScenarioOf(
  cases: SearchCase[],
  readers: MemberSession[],
  meili: { host: string; key: string; indexUid: string },
  { key, label }: { key: string; label: string },
): Promise<Scenario & { cases: SearchCase[] }> {
  const paths = cases.map((c) => {
    const params = new URLSearchParams({ query: c.query, sort: c.sort });
    for (const [name, id] of Object.entries(c.filters)) params.set(name, String(id));
    return `/api/reports/search/advanced?${params.toString()}`;
  });
  const requests = await Promise.all(cases.map((c) => meiliRequestFor(meili.indexUid, c)));
  // Connections start at different points of the rotation, so all the searches run at once (the stride
  // shares no factor with the rotation's length).
  const stride = cases.length % 5 === 0 ? 3 : 5;
  const at = (connection: number, iteration: number) => (connection * stride + iteration) % cases.length;
  return {
    key,
    label,
    samples: paths.map((path, i) => get(path, readers[i % readers.length] as MemberSession)),
    rotation: (c, i) => get(paths[at(c, i)] as string, readers[c % readers.length] as MemberSession),
    reference: 'meilisearch',
    meiliRotation: (c, i) => {
      const request = requests[at(c, i)];
      if (!request) throw new Error('no engine request');
      return { method: 'POST', path: request.path, headers: { authorization: `Bearer ${meili.key}` }, body: request.body };
    },
    cases,
  };
}

/** Report ids spread over the whole table, the same every run. */
export function spreadIds(total: number, count: number, seed: number): number[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => 1 + random.int(0, total - 1));
}

export function detailScenario(readers: MemberSession[], ids: number[]): Scenario {
  const path = (k: number) => `/api/reports/${ids[k % ids.length]}`;
  return {
    key: 'detail',
    label: 'GET /api/reports/{id}',
    samples: ids.slice(0, 8).map((_, k) => get(path(k), readers[k % readers.length] as MemberSession)),
    rotation: (c, i) => get(path(c * 7 + i), readers[c % readers.length] as MemberSession),
    reference: 'koa',
  };
}

/** Each connection has three members of its own, so no two connections toggle the same like at once. */
const writer = (writers: MemberSession[], connection: number, iteration: number) =>
  writers[(connection * 3 + (iteration % 3)) % writers.length] as MemberSession;

/**
 * `ids` without the reports any of `writers` wrote. A like on one's own report is refused (400, 自分のレポートには
 * いいねできません。) as it should be, and the load would count those answers as failures of the API: at a
 * million reports 4 of 1,708 toggles in 8 s were such pairs.
 */
export async function likeableBy(conn: Connection, writers: MemberSession[], ids: number[]): Promise<number[]> {
  const [rows] = await conn.query<RowDataPacket[]>('SELECT r.id AS id FROM reports r JOIN users u ON u.id = r.author_id WHERE r.id IN (?) AND u.email IN (?)', [
    ids,
    writers.map((member) => member.email),
  ]);
  const own = new Set(rows.map((row) => Number(row.id)));
  return ids.filter((id) => !own.has(id));
}

export function likeScenario(writers: MemberSession[], ids: number[]): Scenario {
  const spec = (c: number, i: number): RequestSpec => ({
    method: 'POST',
    path: `/api/likes/${ids[(c * 13 + i) % ids.length]}/toggle`,
    headers: writer(writers, c, i).headers,
  });
  return {
    key: 'like',
    label: 'POST /api/likes/{id}/toggle (48 members)',
    samples: Array.from({ length: 6 }, (_, i) => spec(15, i)),
    rotation: spec,
    reference: 'koa',
  };
}

const COMMENT_TEXTS = ['とても参考になりました！', 'アフターケアの話がすてきでした。', 'セーフワードの決め方、真似させてもらいます。'];

export function commentScenario(writers: MemberSession[], ids: number[]): Scenario {
  const spec = (c: number, i: number): RequestSpec => ({
    method: 'POST',
    path: '/api/comments',
    headers: writer(writers, c, i).headers,
    body: JSON.stringify({ articleId: ids[(c * 11 + i) % ids.length], text: COMMENT_TEXTS[i % COMMENT_TEXTS.length] }),
  });
  return {
    key: 'comment',
    label: 'POST /api/comments (48 members)',
    samples: Array.from({ length: 6 }, (_, i) => spec(15, i)),
    rotation: spec,
    reference: 'koa',
  };
}

/** The bell's count and the notifications page, as a member whose reports were commented on and liked opens them. */
export function notificationScenarios(readers: MemberSession[]): Scenario[] {
  const reader = (c: number) => readers[c % readers.length] as MemberSession;
  return [
    {
      key: 'notifications-unread',
      label: 'GET /api/notifications/unread-count',
      samples: Array.from({ length: 6 }, () => get('/api/notifications/unread-count', reader(0))),
      rotation: (c) => get('/api/notifications/unread-count', reader(c)),
      reference: 'koa',
    },
    {
      key: 'notifications-list',
      label: 'GET /api/notifications',
      samples: Array.from({ length: 6 }, () => get('/api/notifications', reader(0))),
      rotation: (c) => get('/api/notifications', reader(c)),
      reference: 'koa',
    },
  ];
}

/** Issue 21: the sessions list of 設定, two-factor status, and the public transparency report (computed once a day, then kept). */
export function trustScenarios(readers: MemberSession[]): Scenario[] {
  const reader = (c: number) => readers[c % readers.length] as MemberSession;
  return [
    {
      key: 'sessions-list',
      label: 'GET /api/account/sessions',
      samples: Array.from({ length: 6 }, () => get('/api/account/sessions', reader(0))),
      rotation: (c) => get('/api/account/sessions', reader(c)),
      reference: 'koa',
    },
    {
      key: 'two-factor-status',
      label: 'GET /api/account/two-factor',
      samples: Array.from({ length: 6 }, () => get('/api/account/two-factor', reader(0))),
      rotation: (c) => get('/api/account/two-factor', reader(c)),
      reference: 'koa',
    },
    {
      key: 'transparency',
      label: 'GET /api/transparency',
      samples: Array.from({ length: 6 }, () => get('/api/transparency', reader(0))),
      rotation: (c) => get('/api/transparency', reader(c)),
      reference: 'koa',
    },
  ];
}

/**
 * The case queue as an operator reads it: the first page, and a page `depth` open cases deep
 * (the cursor of the row there, encoded as the server encodes it).
 */
export async function caseScenarios(conn: Connection, operator: MemberSession, depth: number): Promise<Scenario[]> {
  const first = '/api/moderation/cases';
  const deep = `${first}?cursor=${encodeURIComponent(await deepCaseCursor(conn, depth))}`;
  return [
    { key: 'cases-first', label: 'case queue, first page', samples: [get(first, operator)], rotation: () => get(first, operator), reference: 'koa' },
    { key: 'cases-deep', label: `case queue, ${depth.toLocaleString('en')} open cases deep`, samples: [get(deep, operator)], rotation: () => get(deep, operator), reference: 'koa' },
  ];
}
