import { foldForMatching } from '@hiraku/search';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { commentText, createRandom, reportText, username, type Random } from './corpus';

export interface DataSetOptions {
  reports: number;
  members: number;
  /** Same seed, same data set. */
  seed: number;
  /** One argon2 hash for every member: hashing 2,000 passwords would take longer than the rest. */
  passwordHash: string;
  /** Called after each flushed batch with the number of reports written so far. */
  onProgress?: (reportsWritten: number) => void;
}

export interface DataSetSummary {
  members: number;
  reports: number;
  tools: number;
  steps: number;
  reportTags: number;
  likes: number;
  comments: number;
}

/** Members sign in as `memberEmail(i)` with the password whose hash was given. */
export const memberEmail = (index: number) => `member${index + 1}@bench.hiraku.local`;

const REPORTS_PER_BATCH = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Reports spread over two years before now, in id order, as a community that grew would have them. */
const HISTORY_MS = 730 * DAY_MS;

type Row = Array<string | number | Date | null>;

interface TagIds {
  gender: number[];
  sexualOrientation: number[];
  role: number[];
  playCategory: number[];
  playContent: number[];
}

/**
 * Writes members, profiles and published reports (tools, steps, tags, comments, a long tail of likes)
 * with multi-row INSERTs into a database that the project's migrations created and whose taxonomy is
 * seeded. Ids are given explicitly, so the tables must be empty. Rows bypass the search outbox: the
 * caller rebuilds the index with the project's reindex afterwards.
 */
export async function generateDataSet(conn: Connection, options: DataSetOptions): Promise<DataSetSummary> {
  const random = createRandom(options.seed);
  const tags = await loadTagIds(conn);
  const tagNames = await loadTagNames(conn);
  const summary: DataSetSummary = { members: options.members, reports: 0, tools: 0, steps: 0, reportTags: 0, likes: 0, comments: 0 };
  const now = Date.now();

  await conn.query('SET SESSION foreign_key_checks = 0, unique_checks = 0');
  try {
    await insertMembers(conn, options, tags, random, now);
    for (let start = 0; start < options.reports; start += REPORTS_PER_BATCH) {
      const end = Math.min(options.reports, start + REPORTS_PER_BATCH);
      await insertReportBatch(conn, { start, end, total: options.reports, members: options.members, now, tagNames }, tags, random, summary);
      options.onProgress?.(end);
    }
  } finally {
    await conn.query('SET SESSION foreign_key_checks = 1, unique_checks = 1');
  }
  return summary;
}

async function loadTagIds(conn: Connection): Promise<TagIds> {
  const [rows] = await conn.query<RowDataPacket[]>('SELECT t.id, c.`key` FROM tags t JOIN categories c ON c.id = t.category_id WHERE c.`key` IS NOT NULL ORDER BY t.id');
  const byKey = (key: string) => rows.filter((row) => row.key === key).map((row) => Number(row.id));
  const ids: TagIds = {
    gender: byKey('gender'),
    sexualOrientation: byKey('sexualOrientation'),
    role: byKey('role'),
    playCategory: byKey('playCategory'),
    playContent: byKey('playContent'),
  };
  for (const [key, list] of Object.entries(ids)) {
    if (list.length === 0) throw new Error(`no tags of category ${key}: seed the taxonomy first`);
  }
  return ids;
}

async function loadTagNames(conn: Connection): Promise<Map<number, string>> {
  const [rows] = await conn.query<RowDataPacket[]>('SELECT id, name FROM tags');
  return new Map(rows.map((row) => [Number(row.id), String(row.name)]));
}

async function insertMembers(conn: Connection, options: DataSetOptions, tags: TagIds, random: Random, now: number): Promise<void> {
  const joined = new Date(now - HISTORY_MS - DAY_MS);
  const users: Row[] = [];
  const profiles: Row[] = [];
  for (let i = 0; i < options.members; i += 1) {
    const id = i + 1;
    users.push([id, `bench${id.toString(36).padStart(8, '0')}`, memberEmail(i), options.passwordHash, joined, 'member', 0, joined, joined, joined]);
    profiles.push([id, id, username(i, random), random.pick(tags.gender), random.pick(tags.sexualOrientation), random.pick(tags.role), joined, joined]);
  }
  await insertRows(
    conn,
    'users',
    ['id', 'public_id', 'email', 'password_hash', 'email_verified_at', 'role', 'tutorial_pending', 'adult_attested_at', 'created_at', 'updated_at'],
    users,
  );
  await insertRows(
    conn,
    'profiles',
    ['id', 'user_id', 'username', 'gender_tag_id', 'sexual_orientation_tag_id', 'role_tag_id', 'created_at', 'updated_at'],
    profiles,
  );
}

/**
 * Likes per report: a third get none, the rest follow a Pareto tail (most a handful, a few hundreds),
 * so sort=like has both long runs of equal counts and a thin top.
 */
function likeCount(random: Random, members: number): number {
  if (random.next() < 0.35) return 0;
  const pareto = Math.floor(1 / Math.pow(1 - random.next(), 1 / 1.15));
  return Math.min(members, pareto);
}

/** Distinct members for a report's likes: a stride coprime with the member count never repeats. */
function likers(reportId: number, count: number, members: number): number[] {
  const strides = [7, 11, 13, 17, 19, 23, 29, 31].filter((s) => members % s !== 0);
  const stride = strides[reportId % strides.length] ?? 1;
  const out: number[] = [];
  for (let j = 0; j < count; j += 1) out.push(((reportId + j * stride) % members) + 1);
  return out;
}

interface Batch {
  start: number;
  end: number;
  total: number;
  members: number;
  now: number;
  /** For match_text: the names of the tags a report carries are part of what a muted word is looked for in. */
  tagNames: ReadonlyMap<number, string>;
}

async function insertReportBatch(conn: Connection, batch: Batch, tags: TagIds, random: Random, summary: DataSetSummary): Promise<void> {
  const reports: Row[] = [];
  const tools: Row[] = [];
  const steps: Row[] = [];
  const reportTags: Row[] = [];
  const likes: Row[] = [];
  const comments: Row[] = [];
  const step = HISTORY_MS / batch.total;
  for (let i = batch.start; i < batch.end; i += 1) {
    const id = i + 1;
    const createdAt = new Date(batch.now - HISTORY_MS + i * step + random.int(0, Math.max(1, Math.floor(step / 2)) - 1));
    // Squaring skews authorship: a few members write many reports, most write a few.
    const authorId = Math.floor(batch.members * random.next() ** 2) + 1;
    const text = reportText(random);
    const liked = likers(id, likeCount(random, batch.members), batch.members);
    const commentCount = random.next() < 0.5 ? 0 : 1 + random.int(0, 3);
    const singleTags = [random.pick(tags.gender), random.pick(tags.sexualOrientation), random.pick(tags.role)];
    const categories = pickDistinct(tags.playCategory, 1 + random.int(0, 2), random);
    const contents = pickDistinct(tags.playContent, 1 + random.int(0, 3), random);
    // The same texts in the same order as the server's refreshMatchTexts (reportMatchText.ts), folded alike.
    const matchText = foldForMatching(
      [text.title, text.description, text.tips, ...text.tools.map((tool) => tool.name), ...text.steps, ...[...categories, ...contents, ...singleTags].map((tagId) => batch.tagNames.get(tagId) ?? '')].join('\n'),
    );
    reports.push([
      id, authorId, text.title, text.description, text.tips, text.duration, ...singleTags,
      0, liked.length, commentCount, 1, createdAt, createdAt, createdAt, matchText,
    ]);
    text.tools.forEach((tool, position) => tools.push([id, position, tool.name, tool.quantity]));
    text.steps.forEach((action, index) => steps.push([id, index + 1, action]));
    categories.forEach((tagId, position) => reportTags.push([id, 'playCategory', tagId, position]));
    contents.forEach((tagId, position) => reportTags.push([id, 'playContent', tagId, position]));
    // Never in the future: the like feed's catch-up treats likes newer than a page read as fresh.
    const settled = batch.now - 60 * 60 * 1000;
    const likedAt = new Date(Math.min(createdAt.getTime() + DAY_MS, settled));
    for (const userId of liked) likes.push([id, userId, likedAt]);
    for (let c = 0; c < commentCount; c += 1) {
      const at = new Date(Math.min(createdAt.getTime() + (c + 1) * 60 * 60 * 1000, settled + c));
      comments.push([id, random.int(1, batch.members), commentText(random), at, at]);
    }
  }
  await conn.beginTransaction();
  try {
    await insertRows(
      conn,
      'reports',
      ['id', 'author_id', 'title', 'description', 'tips', 'duration', 'gender_tag_id', 'sexual_orientation_tag_id', 'role_tag_id',
        'is_draft', 'like_count', 'comment_count', 'listed', 'published_at', 'created_at', 'updated_at', 'match_text'],
      reports,
    );
    await insertRows(conn, 'report_tools', ['report_id', 'position', 'name', 'quantity'], tools);
    await insertRows(conn, 'report_steps', ['report_id', 'step_number', 'action'], steps);
    await insertRows(conn, 'report_tags', ['report_id', 'kind', 'tag_id', 'position'], reportTags);
    await insertRows(conn, 'likes', ['report_id', 'user_id', 'created_at'], likes);
    await insertRows(conn, 'comments', ['report_id', 'author_id', 'text', 'created_at', 'updated_at'], comments);
    await conn.commit();
  } catch (error) {
    await conn.rollback();
    throw error;
  }
  summary.reports += reports.length;
  summary.tools += tools.length;
  summary.steps += steps.length;
  summary.reportTags += reportTags.length;
  summary.likes += likes.length;
  summary.comments += comments.length;
}

function pickDistinct(ids: readonly number[], count: number, random: Random): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, ids.length)) chosen.add(random.pick(ids));
  return [...chosen];
}

/** Multi-row INSERTs of at most 2,000 rows each (well under max_allowed_packet with these texts). */
async function insertRows(conn: Connection, table: string, columns: string[], rows: Row[]): Promise<void> {
  const names = columns.map((column) => `\`${column}\``).join(', ');
  for (let start = 0; start < rows.length; start += 2_000) {
    await conn.query(`INSERT INTO \`${table}\` (${names}) VALUES ?`, [rows.slice(start, start + 2_000)]);
  }
}
