import fs from 'node:fs/promises';
import { searchableText } from '@hiraku/search';
import os from 'node:os';
import path from 'node:path';
import { LIMITS, SORT_OPTIONS, type CommentItem, type ReportDetail, type ReportMutationResponse, type ReportPage, type ReportSearchResponse } from '@hiraku/shared';
import { Op, QueryTypes } from 'sequelize';
import { createSearchOutboxWorker } from '../../src/jobs/searchOutboxWorker';
import { startOutboxRunner, type OutboxRunner } from '../../src/jobs/outboxRunner';
import { createLogger } from '../../src/logger';
import { seedTaxonomy } from '../../src/seed/taxonomy';
import { countedLikeSql, listedValueSql, shownCommentSql } from '../../src/visibility/sql';
import { createRandom, hashText, type Random } from '../../src/seed/demo/random';
import type { HttpClient } from '../support/httpClient';
import { commentFlagCount } from '../support/flags';
import { plainPng } from '../support/images';
import type { UploadFile } from '../support/multipart';
import { publishableForm, sendReportForm, systemTags, type SystemTags } from '../support/reports';
import { eventually, indexedDocuments, listedIds } from '../support/searchOutbox';
import { memberWithSession } from '../support/session';
import { startTestApp, type TestApp } from '../support/testApp';
import { TrafficLog, type Answered } from '../support/traffic';
import { WriteLedger } from '../support/writeLedger';
import { answerScanner, prepareForScanning, type AnswerScanner } from '../security/scanning';

/**
 * Soak (issue 12): MEMBERS simulated members use the site at once for SOAK_SECONDS of mixed traffic on
 * loopback (browse the feed in every sort, open reports and profiles, search with Japanese words and
 * filters, like, comment, write, edit, draft and delete their own reports (some with a photo, loaded
 * by those who open them), delete their own comments, report other members' comments). The product's
 * rate limits stay as they are (RATE_LIMIT_FACTOR 1).
 * Afterwards: no answer was a 5xx and none was left hanging, every acknowledged write is in the
 * database, every denormalised counter equals the rows behind it, the stored photos are exactly those
 * the reports point at, the search index holds exactly the listed reports, and no JSON answer leaked
 * anything (support/responseScan.ts).
 */

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const SEED = Number(process.env.SOAK_SEED ?? 20261123);
const MEMBERS = 50;
/** A member's pause between two calls (up to this, at random): people read before they click again. */
const THINK_MS = 200;
const CONVERGENCE_DEADLINE_MS = 60_000;
/** Words members search for; most appear in the reports they write. */
const SEARCH_WORDS = ['縄', '麻縄', '後手縛り', 'アフターケア', '練習', '首輪', 'ろうそく', '安全ばさみ', '初めて', '合図', 'ゆっくり', '鞭'];
const TITLE_WORDS = ['縄の練習', '後手縛りの記録', '首輪の夜', 'ろうそくの話', '初めての緊縛', '合図の確かめ方', '麻縄の手入れ'];

jest.setTimeout((SOAK_SECONDS + 180) * 1000);

interface Member {
  index: number;
  userId: number;
  publicId: string;
  email: string;
  client: HttpClient;
  random: Random;
  /** Own reports the member may still edit or delete (acknowledged creations not yet sent for deletion). */
  own: number[];
  /** Every report the member wrote: the site lets no one like their own. */
  authored: Set<number>;
  /** Own comments not yet sent for deletion. */
  comments: Array<{ id: number; text: string }>;
  written: number;
}

describe('soak: 50 members, mixed traffic', () => {
  let app: TestApp;
  let runner: OutboxRunner;
  let tags: SystemTags;
  let scanner: AnswerScanner;
  /** The photo some reports carry (small: the soak is about the traffic, the upload sweep about images). */
  let photo: UploadFile;
  const members: Member[] = [];
  const memberByPublicId = new Map<string, Member>();
  const log = new TrafficLog();
  const ledger = new WriteLedger();
  /** Reports members have seen listed (feed, search, their own): what they like, comment on and open. */
  const seenReports = new Set<number>();
  /** Comments members have seen, with their report and author. */
  const seenComments = new Map<number, { reportId: number; authorPublicId: string }>();
  /** Reports and comments whose deletion was sent: rows hanging on them may be gone with them. */
  const deletedReports = new Set<number>();
  const deletedComments = new Set<number>();
  /** Reports an update made a draft (perhaps published again later): others got "not found" meanwhile. */
  const draftedReports = new Set<number>();
  /** Reports given a new photo by an edit: the old photo's address answers "not found" from then on. */
  const rephotographed = new Set<number>();
  const notFound: Array<{ kind: string; report?: number; comment?: number }> = [];
  const leaks: string[] = [];

  beforeAll(async () => {
    // Unexpected errors (a 500) are printed with their stack.
    app = await startTestApp({ logger: createLogger('error') });
    await prepareForScanning(app);
    await seedTaxonomy(app.services.models);
    tags = await systemTags(app.services.models);
    photo = { data: await plainPng(160, 120), name: '縄.png', type: 'image/png' };
    runner = startOutboxRunner(createSearchOutboxWorker(app.services), app.services.logger);
    // Sessions issued directly (as the other many-member tests do): 50 password hashes would cost more than the soak's first seconds.
    for (let index = 0; index < MEMBERS; index += 1) {
      const { client, user } = await memberWithSession(app);
      expect((await client.get('/api/auth/me')).status).toBe(200);
      const member: Member = { index, userId: user.id, publicId: user.publicId, email: user.email, client, random: createRandom(hashText(`soak-${SEED}-${index}`)), own: [], authored: new Set(), comments: [], written: 0 };
      members.push(member);
      memberByPublicId.set(user.publicId, member);
    }
    scanner = answerScanner(app, () => members.map((member) => member.client));
    console.info(`soak: seed ${SEED} (SOAK_SEED replays another), ${MEMBERS} members, ${SOAK_SECONDS} s (SOAK_SECONDS)`);
  }, 120_000);

  afterAll(async () => {
    await runner?.stop();
    await app?.close();
  });

  /** Sends one call, records it and scans its answer as the member who made it; `about` names what a 404 would be about. */
  async function call<T>(
    member: Member,
    kind: string,
    send: (signal: AbortSignal) => Promise<Answered<T>>,
    { scan = true, ...about }: { report?: number; comment?: number; scan?: boolean } = {},
  ): Promise<Answered<T> & { answered: boolean }> {
    const answer = await log.call(kind, send, { actor: member.index });
    if (answer.status === 404) notFound.push({ kind, ...about });
    if (scan && answer.answered && answer.body !== undefined) {
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      for (const finding of await scanner.scan(text, answer.body, member.email)) leaks.push(`${kind} (member ${member.index}): ${finding}`);
    }
    return answer;
  }

  function note(reports: Array<{ _id: number }>): void {
    for (const report of reports) seenReports.add(report._id);
  }

  function someReport(member: Member, { others = false } = {}): number | undefined {
    const pool = [...seenReports].filter((id) => !deletedReports.has(id) && !(others && member.authored.has(id)));
    if (pool.length === 0) return undefined;
    return member.random.chance(0.5) ? pool[pool.length - 1 - member.random.int(0, Math.min(pool.length - 1, 20))] : member.random.pick(pool);
  }

  function reportForm(member: Member, title: string, isDraft: boolean) {
    const { random } = member;
    return publishableForm(tags, {
      title,
      isDraft,
      gender: random.pick(tags.gender).id,
      sexualOrientation: random.pick(tags.sexualOrientation).id,
      role: random.pick(tags.role).id,
      playCategories: [random.pick(tags.playCategory).id],
      playContents: random.shuffle(tags.playContent).slice(0, random.int(1, 3)).map((tag) => tag.id),
    });
  }

  async function browseFeed(member: Member): Promise<void> {
    const sort = member.random.pick(SORT_OPTIONS);
    let lastKey: string | null = null;
    for (let page = member.random.int(1, 3); page > 0; page -= 1) {
      const query: URLSearchParams = new URLSearchParams({ sort, limit: '10', ...(lastKey ? { lastKey } : {}) });
      const answer: Answered<ReportPage> = await call(member, 'feed', (signal) => member.client.get<ReportPage>(`/api/reports/infinite?${query}`, { signal }));
      if (answer.status !== 200) return;
      note(answer.body.data);
      if (!answer.body.hasMore || !answer.body.nextKey) return;
      lastKey = answer.body.nextKey;
    }
  }

  async function openReport(member: Member): Promise<void> {
    const id = someReport(member);
    if (id === undefined) return browseFeed(member);
    const detail = await call(member, 'report', (signal) => member.client.get<ReportDetail>(`/api/reports/${id}`, { signal }), { report: id });
    await call(member, 'likeInfo', (signal) => member.client.get(`/api/likes/${id}`, { signal }), { report: id });
    const comments = await call(member, 'comments', (signal) => member.client.get<CommentItem[]>(`/api/comments?articleId=${id}`, { signal }), { report: id });
    if (comments.status === 200) for (const comment of comments.body) seenComments.set(comment._id, { reportId: id, authorPublicId: comment.publicId });
    const imageUrl = detail.status === 200 ? detail.body.mainImageUrl : null;
    if (imageUrl) {
      // As the browser loads the photo: its bytes are not JSON, so they are counted but not scanned.
      const image = async (signal: AbortSignal): Promise<Answered<unknown>> => {
        const res = await fetch(new URL(imageUrl, member.client.baseUrl), { signal });
        return { status: res.status, body: res.ok ? (await res.arrayBuffer()).byteLength : await res.json().catch(() => null) };
      };
      await call(member, 'image', image, { report: id, scan: false });
    }
    if (detail.status === 200 && member.random.chance(0.2)) {
      await call(member, 'profile', (signal) => member.client.get(`/api/profile/${detail.body.authorData.publicId}`, { signal }));
    }
  }

  async function search(member: Member): Promise<void> {
    const { random } = member;
    const query = new URLSearchParams({ query: random.chance(0.85) ? random.shuffle(SEARCH_WORDS).slice(0, random.int(1, 2)).join(' ') : '', sort: random.pick(SORT_OPTIONS), limit: '10' });
    if (random.chance(0.3)) query.set('gender', String(random.pick(tags.gender).id));
    if (random.chance(0.2)) query.set('role', String(random.pick(tags.role).id));
    if (random.chance(0.3)) query.set('playContent', String(random.pick(tags.playContent).id));
    if (random.chance(0.2)) query.set('playCategory', String(random.pick(tags.playCategory).id));
    if (random.chance(0.2)) query.set('offset', String(random.int(1, 3) * 10));
    const answer = await call(member, 'search', (signal) => member.client.get<ReportSearchResponse>(`/api/reports/search/advanced?${query}`, { signal }));
    if (answer.status === 200) note(answer.body.reports);
  }

  async function own(member: Member): Promise<void> {
    const { client, random } = member;
    const kind = random.pick(['mine', 'mine', 'dashboard', 'keywords'] as const);
    if (kind === 'mine') await call(member, 'mine', (signal) => client.get('/api/reports/my-reports', { signal }));
    else if (kind === 'dashboard') await call(member, 'dashboard', (signal) => client.get('/api/profile/dashboard-stats', { signal }));
    else await call(member, 'keywords', (signal) => client.get('/api/keywords/popular', { signal }));
  }

  async function like(member: Member): Promise<void> {
    const id = someReport(member, { others: true });
    if (id === undefined) return browseFeed(member);
    const liked = member.random.chance(0.65);
    const settle = ledger.attempt(`like ${member.index} ${id}`, liked, false);
    settle((await call(member, 'like', (signal) => member.client.post(`/api/likes/${id}/toggle`, { liked }, { signal }), { report: id })).status);
  }

  async function comment(member: Member): Promise<void> {
    const id = someReport(member);
    if (id === undefined) return browseFeed(member);
    member.written += 1;
    const text = `${member.random.pick(['参考になりました', '合図の話、大事ですね', 'ゆっくりが一番', '縄の長さは？'])} (${member.index}-${member.written})`;
    const settle = ledger.attempt(`comment ${id} ${text}`, true, false);
    const answer = await call(member, 'comment', (signal) => member.client.post<CommentItem>('/api/comments', { articleId: id, text }, { signal }), { report: id });
    settle(answer.status);
    if (answer.status === 201) {
      member.comments.push({ id: answer.body._id, text });
      seenComments.set(answer.body._id, { reportId: id, authorPublicId: member.publicId });
    }
  }

  async function deleteComment(member: Member): Promise<void> {
    const target = member.comments.length > 0 ? member.random.pick(member.comments) : undefined;
    if (!target) return comment(member);
    member.comments = member.comments.filter((own) => own.id !== target.id);
    deletedComments.add(target.id);
    const reportId = seenComments.get(target.id)?.reportId;
    const settle = ledger.attempt(`comment ${reportId} ${target.text}`, false);
    settle((await call(member, 'deleteComment', (signal) => member.client.delete(`/api/comments/${target.id}`, undefined, { signal }), { comment: target.id })).status);
  }

  async function flagComment(member: Member): Promise<void> {
    const others = [...seenComments].filter(([id, seen]) => seen.authorPublicId !== member.publicId && !deletedComments.has(id) && !deletedReports.has(seen.reportId));
    if (others.length === 0) return openReport(member);
    const [id, seen] = member.random.pick(others);
    const settle = ledger.attempt(`flag ${member.index} ${id} ${seen.reportId}`, true, false);
    const reason = member.random.chance(0.5) ? { reason: '攻撃的な言い方だと思います' } : {};
    settle((await call(member, 'flagComment', (signal) => member.client.post(`/api/comments/${id}/report`, reason, { signal }), { comment: id })).status);
  }

  async function create(member: Member): Promise<void> {
    member.written += 1;
    const title = `${member.random.pick(TITLE_WORDS)} ${member.index}-${member.written}`;
    const isDraft = member.random.chance(0.2);
    const withPhoto = member.random.chance(0.3) ? photo : undefined;
    const answer = await call(member, isDraft ? 'createDraft' : 'create', (signal) =>
      sendReportForm<ReportMutationResponse>(member.client, 'POST', '/api/reports', reportForm(member, title, isDraft), withPhoto, { signal }),
    );
    if (answer.status === 201) {
      member.own.push(answer.body.report._id);
      member.authored.add(answer.body.report._id);
      ledger.acknowledged(`report ${answer.body.report._id}`, title);
      if (!isDraft) seenReports.add(answer.body.report._id);
    }
  }

  async function update(member: Member): Promise<void> {
    if (member.own.length === 0) return create(member);
    const id = member.random.pick(member.own);
    member.written += 1;
    const title = `${member.random.pick(TITLE_WORDS)} ${member.index}-${member.written} 改`;
    const settle = ledger.attempt(`report ${id}`, title);
    const isDraft = member.random.chance(0.15);
    if (isDraft) draftedReports.add(id);
    // A new photo replaces the old one, whose files must go.
    const withPhoto = member.random.chance(0.2) ? photo : undefined;
    if (withPhoto) rephotographed.add(id);
    settle((await call(member, isDraft ? 'updateToDraft' : 'update', (signal) => sendReportForm(member.client, 'PUT', `/api/reports/${id}`, reportForm(member, title, isDraft), withPhoto, { signal }))).status);
  }

  async function remove(member: Member): Promise<void> {
    if (member.own.length < 2) return create(member);
    const id = member.random.pick(member.own);
    // Never touched again, whatever the answer: a delete that got no answer may or may not have happened.
    member.own = member.own.filter((own) => own !== id);
    deletedReports.add(id);
    const settle = ledger.attempt(`report ${id}`, null);
    settle((await call(member, 'delete', (signal) => member.client.delete(`/api/reports/${id}`, undefined, { signal }))).status);
  }

  /** Weighted as people use the site: mostly reading, some liking and commenting, a little writing. */
  const ACTIONS: Array<[number, (member: Member) => Promise<void>]> = [
    [20, browseFeed],
    [18, openReport],
    [14, search],
    [6, own],
    [14, like],
    [9, comment],
    [2, deleteComment],
    [4, flagComment],
    [7, create],
    [4, update],
    [2, remove],
  ];
  const TOTAL_WEIGHT = ACTIONS.reduce((sum, [weight]) => sum + weight, 0);

  async function act(member: Member): Promise<void> {
    if (member.own.length === 0 && member.random.chance(0.5)) return create(member);
    let roll = member.random.next() * TOTAL_WEIGHT;
    for (const [weight, action] of ACTIONS) {
      roll -= weight;
      if (roll < 0) return action(member);
    }
  }

  it('answers every call without a 5xx, keeps every acknowledged write and every counter equal to its rows', async () => {
    const loadBefore = os.loadavg();
    const resourcesBefore = resources();
    const started = Date.now();
    const stopAt = started + SOAK_SECONDS * 1000;
    await Promise.all(
      members.map(async (member) => {
        while (Date.now() < stopAt) {
          await act(member);
          await new Promise((resolve) => setTimeout(resolve, member.random.int(0, THINK_MS)));
        }
      }),
    );
    const trafficMs = Date.now() - started;
    const loadAfter = os.loadavg();
    const summary = log.summary();

    // Every call was answered, none with a 5xx; every refusal is a 4xx with a Japanese message.
    const failures = log.answers.filter((answer) => answer.status === 0 || answer.status >= 500);
    expect(failures.map(({ kind, status, body }) => ({ kind, status, body }))).toEqual([]);
    const refusals = log.answers.filter((answer) => answer.status >= 400);
    // A photo is a file, not an API answer: a removed one is a bare 404 (storage/localStorage.ts).
    const unexplained = refusals.filter((answer) => answer.kind !== 'image' && typeof (answer.body as { message?: unknown } | undefined)?.message !== 'string');
    expect(unexplained.map(({ kind, status, body }) => ({ kind, status, body }))).toEqual([]);
    // Members only send valid requests about things they saw: the one honest refusal is "not found" for a
    // report or comment its author deleted (or made a draft) meanwhile, and the product's like limit.
    const unexpected = refusals.filter((answer) => !(answer.status === 404 || (answer.status === 429 && answer.kind === 'like')));
    expect(unexpected.map(({ kind, status, body }) => ({ kind, status, body }))).toEqual([]);
    const unexplainedNotFound = notFound.filter(({ kind, report, comment }) => {
      const reportId = report ?? (comment === undefined ? undefined : seenComments.get(comment)?.reportId);
      const reportGone = reportId !== undefined && (deletedReports.has(reportId) || draftedReports.has(reportId) || (kind === 'image' && rephotographed.has(reportId)));
      // Deleting one's own comment is sent after noting it as deleted: only its report's going explains a 404.
      const commentGone = comment !== undefined && kind !== 'deleteComment' && deletedComments.has(comment);
      return !reportGone && !commentGone;
    });
    expect(unexplainedNotFound).toEqual([]);
    // A 429 is a proper answer, but the limit is meant for scripts, not for members clicking as people do.
    expect(refusals.filter((answer) => answer.status === 429).length).toBeLessThanOrEqual(Math.ceil(0.01 * (summary.byKind.like ?? 0)));
    expect(leaks).toEqual([]);

    // Every acknowledged write is there (and nothing refused was applied).
    const lost = (await ledger.mismatches((key) => readBack(key))).filter((mismatch) => mismatch.actual !== WENT_WITH_PARENT);
    expect(lost).toEqual([]);

    // Every denormalised value equals the rows behind it.
    const mismatched = await counterMismatches();
    expect(mismatched).toEqual([]);

    // Stored photos are exactly those the reports point at: none left behind by edits and deletions, none missing.
    const files = await storedFiles();
    expect(files.orphans).toEqual([]);
    expect(files.missing).toEqual([]);

    // The search index converges to exactly the listed reports, with their last titles.
    let index = { documents: 0, listed: 0 };
    await eventually(
      async () => {
        const documents = await indexedDocuments(app.services.search);
        const listed = await app.services.models.Report.findAll({ where: { id: await listedIds(app.services.models) }, order: [['id', 'ASC']] });
        index = { documents: documents.length, listed: listed.length };
        return (
          (await app.services.models.SearchOutboxEntry.count()) === 0 &&
          JSON.stringify(documents.map((d) => [d.id, d.title])) === JSON.stringify(listed.map((r) => [r.id, searchableText(r.title)]))
        );
      },
      CONVERGENCE_DEADLINE_MS,
      'the search index holds exactly the listed reports',
    );

    const resourcesAfter = resources();
    const writes = log.answers.filter((answer) => WRITE_KINDS.has(answer.kind));
    const rows = await tableCounts();
    // The figures SECURITY.md quotes, on one line.
    console.info(
      `soak: ${JSON.stringify({
        seed: SEED,
        members: MEMBERS,
        seconds: Math.round(trafficMs / 1000),
        requests: summary.requests,
        fiveXx: summary.fiveXx,
        unanswered: summary.unanswered,
        p50Ms: summary.p50Ms,
        p99Ms: summary.p99Ms,
        byStatus: summary.byStatus,
        byKind: summary.byKind,
        refused: log.summary(refusals.map((answer) => ({ ...answer, kind: `${answer.kind} ${answer.status}` }))).byKind,
        writes: { sent: writes.length, acknowledged: writes.filter((a) => a.status >= 200 && a.status < 300).length, ledgerKeys: ledger.size(), lost: lost.length },
        countersMismatched: mismatched.length,
        index,
        rows,
        leaks: leaks.length,
        photos: { files: files.stored, orphans: files.orphans.length, missing: files.missing.length },
        resources: { before: resourcesBefore, after: resourcesAfter },
        loadAverage: { before: loadBefore.map((l) => Math.round(l * 10) / 10), after: loadAfter.map((l) => Math.round(l * 10) / 10) },
      })}`,
    );
    // Every member took part, and every kind of call was made (how many depends on the machine, so no count is asserted).
    expect(new Set(log.answers.map((answer) => answer.actor)).size).toBe(MEMBERS);
    expect(Object.keys(summary.byKind)).toEqual(expect.arrayContaining(['feed', 'report', 'search', 'like', 'comment', 'flagComment', 'create', 'update', 'delete', 'image']));
  });

  /**
   * What the database holds now for a ledger key. A like, comment or comment report on something whose
   * deletion was sent may have gone with it (foreign keys cascade): then absence is also right.
   */
  async function readBack(key: string): Promise<unknown> {
    const { Report, Like, Comment } = app.services.models;
    const [kind, first = '', second = '', ...rest] = key.split(' ');
    if (kind === 'report') return (await Report.findByPk(Number(first)))?.title ?? null;
    if (kind === 'like') {
      const [memberIndex, reportId] = [Number(first), Number(second)];
      const present = (await Like.count({ where: { userId: members[memberIndex]!.userId, reportId } })) === 1;
      return present || !deletedReports.has(reportId) || (await Report.count({ where: { id: reportId } })) === 1 ? present : WENT_WITH_PARENT;
    }
    if (kind === 'comment') {
      const reportId = Number(first);
      const text = [second, ...rest].join(' ');
      const present = (await Comment.count({ where: { reportId, text } })) === 1;
      return present || !deletedReports.has(reportId) || (await Report.count({ where: { id: reportId } })) === 1 ? present : WENT_WITH_PARENT;
    }
    if (kind === 'flag') {
      const [memberIndex, commentId, reportId] = [Number(first), Number(second), Number(rest[0])];
      const present = (await commentFlagCount(app.services.models, commentId, { flaggerId: members[memberIndex]!.userId })) === 1;
      if (present || (await Comment.count({ where: { id: commentId } })) === 1) return present;
      return deletedComments.has(commentId) || deletedReports.has(reportId) ? WENT_WITH_PARENT : present;
    }
    throw new Error(`unknown ledger key ${key}`);
  }

  /** Reports whose like count, comment count or listed flag differs from the rows; comments hidden or not as their open reports say. */
  async function counterMismatches(): Promise<unknown[]> {
    const { sequelize } = app.services;
    const reports = await sequelize.query(
      `SELECT r.id, r.like_count AS likeCount, r.comment_count AS commentCount, r.listed,
              (SELECT COUNT(*) FROM likes l WHERE l.report_id = r.id AND ${countedLikeSql('l')}) AS likes,
              (SELECT COUNT(*) FROM comments c WHERE c.report_id = r.id AND ${shownCommentSql('c')}) AS comments,
              ${listedValueSql('r')} AS shouldBeListed
         FROM reports r
       HAVING likeCount <> likes OR commentCount <> comments OR listed <> shouldBeListed`,
      { type: QueryTypes.SELECT },
    );
    // No operator acts in the soak, so a comment is hidden exactly when enough members have reported it.
    const comments = await sequelize.query(
      `SELECT c.id, c.hidden_at AS hiddenAt, (SELECT COUNT(*) FROM flags f JOIN moderation_cases mc ON mc.id = f.case_id WHERE mc.type = 'comment' AND mc.target_id = c.id AND f.resolved_at IS NULL) AS openReports
         FROM comments c
       HAVING (hiddenAt IS NULL) <> (openReports < :threshold)`,
      { type: QueryTypes.SELECT, replacements: { threshold: LIMITS.commentReportsToHide } },
    );
    return [...reports.map((row) => ({ report: row })), ...comments.map((row) => ({ comment: row }))];
  }

  async function storedFiles(): Promise<{ stored: number; orphans: string[]; missing: string[] }> {
    const root = path.join(app.dataDir, 'uploads');
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    const stored = entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
    // A report's photo is three files since issue 19: the image, its thumbnail and the blurred preview.
    const reports = await app.services.models.Report.findAll({ attributes: ['mainImageKey', 'thumbnailKey', 'imagePreviewKey'] });
    const referenced = new Set(reports.flatMap((report) => [report.mainImageKey, report.thumbnailKey, report.imagePreviewKey]).filter((key): key is string => key !== null));
    const onDisk = new Set(stored);
    return { stored: stored.length, orphans: stored.filter((file) => !referenced.has(file)), missing: [...referenced].filter((key) => !onDisk.has(key)) };
  }

  /**
   * Figures for spotting a leak by eye (not asserted: the test process also holds the clients, and memory
   * on a shared machine moves for other reasons): memory of the process that runs app and members, its
   * open handles, and the connections of its database pool (the shared server's own count includes other tests').
   */
  function resources(): Record<string, number> {
    const memory = process.memoryUsage();
    return {
      rssMb: Math.round(memory.rss / 2 ** 20),
      heapMb: Math.round(memory.heapUsed / 2 ** 20),
      handles: process.getActiveResourcesInfo().length,
      databasePoolSize: (app.services.sequelize.connectionManager as unknown as { pool: { size: number } }).pool.size,
    };
  }

  async function tableCounts(): Promise<Record<string, number>> {
    const { Report, Like, Comment, Flag } = app.services.models;
    return {
      reports: await Report.count(),
      drafts: await Report.count({ where: { isDraft: true } }),
      likes: await Like.count(),
      comments: await Comment.count(),
      hiddenComments: await Comment.count({ where: { hiddenAt: { [Op.ne]: null } } }),
      commentReports: await Flag.count(),
    };
  }
});

/** Read back for a like, comment or comment report that is gone because its report or comment was deleted. */
const WENT_WITH_PARENT = 'gone with its deleted parent';
const WRITE_KINDS = new Set(['create', 'createDraft', 'update', 'updateToDraft', 'delete', 'like', 'comment', 'deleteComment', 'flagComment']);
