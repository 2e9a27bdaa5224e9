import { foldForMatching } from '@hiraku/search';
import { literal, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { sqlDateTime } from '../db/connection';
import { hidesWarnings, noHiddenWarningSql } from './contentWarnings';

/*
 * Per-viewer relations: blocks (either way), mutes (mine, while they last) and my muted words
 * (while they last). The same rules in three forms kept in agreement, like the rest of this folder:
 * predicates on loaded relations, raw SQL fragments for the hand-written queries, and Sequelize
 * conditions (the SQL as a literal with the viewer's values escaped in). None of them costs a query per
 * row: the SQL forms are correlated NOT EXISTS on the relation tables' primary keys, evaluated by the
 * database for the rows a page reads, so a member with 1,000 blocks reads the feed in as many statements
 * as one with none.
 *
 * - Blocked, either way: neither member sees the other's reports, comments or profile.
 * - Muted by me: I do not see their reports and comments; they notice nothing.
 * - A muted word: reports whose folded text (reports.match_text) contains it leave my lists; comments
 *   containing it are collapsed (not removed) on the report page.
 * - A content warning I set to 表示しない (issue 37, contentWarnings.ts): reports carrying it leave my lists.
 * A member's own content never disappears from their own lists.
 */

/** How the viewer and one other member stand. */
export interface RelationTo {
  /** The viewer blocked them. */
  blocking: boolean;
  /** They blocked the viewer. */
  blockedBy: boolean;
  /** The viewer mutes them, and the mute has not ended. */
  muting: boolean;
}

export const NO_RELATION: RelationTo = { blocking: false, blockedBy: false, muting: false };

// ---- predicates ------------------------------------------------------------------------------------

export const isBlockedEitherWay = (relation: RelationTo): boolean => relation.blocking || relation.blockedBy;

/** The other member's reports and comments stay out of the viewer's lists. */
export const hidesMember = (relation: RelationTo): boolean => isBlockedEitherWay(relation) || relation.muting;

/** A mute or muted word with this end is still in force at `now` (null: until lifted). */
export const isInForce = (end: Date | null, now: Date): boolean => end === null || end > now;

/** `text` (as written) contains one of `foldedWords` (already folded), compared in folded form. */
export function containsMutedWord(text: string, foldedWords: readonly string[]): boolean {
  if (foldedWords.length === 0) return false;
  const folded = foldForMatching(text);
  return foldedWords.some((word) => folded.includes(word));
}

/**
 * A report appears in the viewer's lists (feed, search, profile lists): theirs, or by a member they
 * neither block, are blocked by, nor mute, without a muted word in its folded text.
 */
export function isReportShownInLists(
  viewerId: number,
  report: { authorId: number; matchText: string | null; warningMask: number },
  relation: RelationTo,
  foldedWords: readonly string[],
  hiddenWarningMask: number,
): boolean {
  if (report.authorId === viewerId) return true;
  return !hidesMember(relation) && !foldedWords.some((word) => (report.matchText ?? '').includes(word)) && !hidesWarnings(report.warningMask, hiddenWarningMask);
}

/** A notification from `actor` reaches `recipient` only when neither blocks the other and the recipient does not mute the actor. */
export const canNotifyRelation = (recipientToActor: RelationTo): boolean => !hidesMember(recipientToActor);

// ---- raw SQL ----------------------------------------------------------------------------------------

/**
 * The viewer and the clock as SQL expressions: `RELATION_PARAMS` with `relationReplacements()` for
 * sequelize.query, or escaped literals (relationLiterals) for Sequelize conditions.
 */
export interface RelationValues {
  viewer: string;
  now: string;
}

export const RELATION_PARAMS: RelationValues = { viewer: ':visViewer', now: ':visNow' };

export function relationReplacements(sequelize: Sequelize, viewerId: number, now: Date): { visViewer: number; visNow: string } {
  return { visViewer: viewerId, visNow: sqlDateTime(sequelize, now) };
}

export function relationLiterals(sequelize: Sequelize, viewerId: number, now: Date): RelationValues {
  return { viewer: sequelize.escape(viewerId), now: sequelize.escape(sqlDateTime(sequelize, now)) };
}

/** Neither the viewer nor the member in `memberColumn` blocked the other. Two NOT EXISTS: each one primary-key or index lookup. */
export const notBlockedEitherWaySql = (memberColumn: string, v: RelationValues = RELATION_PARAMS): string =>
  `(NOT EXISTS (SELECT 1 FROM blocks vis_b1 WHERE vis_b1.blocker_id = ${v.viewer} AND vis_b1.blocked_id = ${memberColumn})
    AND NOT EXISTS (SELECT 1 FROM blocks vis_b2 WHERE vis_b2.blocker_id = ${memberColumn} AND vis_b2.blocked_id = ${v.viewer}))`;

/** The viewer does not mute the member in `memberColumn` (a mute whose `until` passed no longer counts). */
export const notMutedSql = (memberColumn: string, v: RelationValues = RELATION_PARAMS): string =>
  `NOT EXISTS (SELECT 1 FROM mutes vis_m WHERE vis_m.muter_id = ${v.viewer} AND vis_m.muted_id = ${memberColumn}
                AND (vis_m.until IS NULL OR vis_m.until > ${v.now}))`;

/** The member in `memberColumn` is not hidden from the viewer (hidesMember). */
export const memberShownSql = (memberColumn: string, v: RelationValues = RELATION_PARAMS): string =>
  `(${notBlockedEitherWaySql(memberColumn, v)} AND ${notMutedSql(memberColumn, v)})`;

/** Report alias `r` holds none of the viewer's muted words in force. */
export const noMutedWordSql = (r: string, v: RelationValues = RELATION_PARAMS): string =>
  `NOT EXISTS (SELECT 1 FROM muted_words vis_w WHERE vis_w.user_id = ${v.viewer}
                AND (vis_w.expires_at IS NULL OR vis_w.expires_at > ${v.now})
                AND COALESCE(${r}.match_text, '') LIKE vis_w.pattern ESCAPE '!')`;

/** Report alias `r` appears in the viewer's lists: isReportShownInLists. */
export const reportShownInListsSql = (r: string, v: RelationValues = RELATION_PARAMS): string =>
  `(${r}.author_id = ${v.viewer} OR (${memberShownSql(`${r}.author_id`, v)} AND ${noMutedWordSql(r, v)} AND ${noHiddenWarningSql(r, v)}))`;

/** A notification from the member in `actorColumn` may reach the member in `recipientColumn` (canNotifyRelation). */
export const notifiableSql = (actorColumn: string, recipientColumn: string, now: string): string =>
  memberShownSql(actorColumn, { viewer: recipientColumn, now });

// ---- Sequelize -------------------------------------------------------------------------------------

/** reportShownInListsSql as a Sequelize condition on the query's table alias `r` (e.g. `Report`). */
export function reportShownInListsWhere(sequelize: Sequelize, viewerId: number, now: Date, r: string) {
  return literal(reportShownInListsSql(r, relationLiterals(sequelize, viewerId, now)));
}

/** notBlockedEitherWaySql as a Sequelize condition on `memberColumn` (e.g. `` `Report`.`author_id` ``). */
export function notBlockedEitherWayWhere(sequelize: Sequelize, viewerId: number, now: Date, memberColumn: string) {
  return literal(notBlockedEitherWaySql(memberColumn, relationLiterals(sequelize, viewerId, now)));
}

/** memberShownSql as a Sequelize condition on `memberColumn` (e.g. `Comment.author_id`). */
export function memberShownWhere(sequelize: Sequelize, viewerId: number, now: Date, memberColumn: string) {
  return literal(memberShownSql(memberColumn, relationLiterals(sequelize, viewerId, now)));
}

// ---- loading for the predicates -----------------------------------------------------------------

/**
 * How the viewer and the member in `otherColumn` stand, as three columns of a larger statement (a
 * report's lock or its detail read carries them, so the relation costs no statement of its own), read
 * back by relationFromColumns: each column's SQL expression by its name.
 */
export const relationColumnExpressions = (otherColumn: string, v: RelationValues = RELATION_PARAMS): Record<'rel_blocking' | 'rel_blocked_by' | 'rel_muting', string> => ({
  rel_blocking: `(SELECT COUNT(*) FROM blocks vis_rb1 WHERE vis_rb1.blocker_id = ${v.viewer} AND vis_rb1.blocked_id = ${otherColumn})`,
  rel_blocked_by: `(SELECT COUNT(*) FROM blocks vis_rb2 WHERE vis_rb2.blocker_id = ${otherColumn} AND vis_rb2.blocked_id = ${v.viewer})`,
  rel_muting: `(SELECT COUNT(*) FROM mutes vis_rm WHERE vis_rm.muter_id = ${v.viewer} AND vis_rm.muted_id = ${otherColumn} AND (vis_rm.until IS NULL OR vis_rm.until > ${v.now}))`,
});

/** relationColumnExpressions as a select list (`expression AS name, ...`). */
export const relationColumnsSql = (otherColumn: string, v: RelationValues = RELATION_PARAMS): string =>
  Object.entries(relationColumnExpressions(otherColumn, v))
    .map(([name, expression]) => `${expression} AS ${name}`)
    .join(',\n   ');

/** The columns of relationColumnsSql as a RelationTo; NO_RELATION for the viewer's own content. */
export function relationFromColumns(
  row: { rel_blocking: number | string; rel_blocked_by: number | string; rel_muting: number | string },
  viewerId: number,
  otherId: number,
): RelationTo {
  if (viewerId === otherId) return NO_RELATION;
  return { blocking: Number(row.rel_blocking) > 0, blockedBy: Number(row.rel_blocked_by) > 0, muting: Number(row.rel_muting) > 0 };
}

/** How `viewerId` and `otherId` stand, in one statement. */
export async function loadRelationTo(
  sequelize: Sequelize,
  viewerId: number,
  otherId: number,
  now: Date,
  options: { transaction?: Transaction } = {},
): Promise<RelationTo> {
  if (viewerId === otherId) return NO_RELATION;
  const [row] = await sequelize.query<{ rel_blocking: number | string; rel_blocked_by: number | string; rel_muting: number | string }>(
    `SELECT ${relationColumnsSql(':other')}`,
    { replacements: { ...relationReplacements(sequelize, viewerId, now), other: otherId }, type: QueryTypes.SELECT, transaction: options.transaction },
  );
  return row ? relationFromColumns(row, viewerId, otherId) : NO_RELATION;
}

/** The viewer's muted words in force, folded. */
export async function loadMutedWords(sequelize: Sequelize, viewerId: number, now: Date): Promise<string[]> {
  const rows = await sequelize.query<{ folded: string }>(
    'SELECT folded FROM muted_words WHERE user_id = :visViewer AND (expires_at IS NULL OR expires_at > :visNow)',
    { replacements: relationReplacements(sequelize, viewerId, now), type: QueryTypes.SELECT },
  );
  return rows.map((row) => row.folded);
}

/** Everything of the viewer's relations that decides their lists, for filtering rows already read (see listRelationsShow). */
export interface ListRelations {
  /** Members hidden from the viewer (hidesMember: blocked either way, or muted while the mute lasts). */
  hiddenMemberIds: ReadonlySet<number>;
  /** The viewer's muted words in force, folded. */
  foldedWords: readonly string[];
  /**
   * The same words as one pattern, null without any: a card's folded text is searched once rather than
   * once per word (100 words against a page of cards took about 2 ms as separate searches, 0.05 ms as one).
   */
  mutedWordMatcher: RegExp | null;
  /** The content warnings the viewer set to 表示しない, as a mask of reports.warning_mask's bits. */
  hiddenWarningMask: number;
}

/** A member with no blocks, mutes, muted words or hidden content warnings. */
export const NO_LIST_RELATIONS: ListRelations = { hiddenMemberIds: new Set(), foldedWords: [], mutedWordMatcher: null, hiddenWarningMask: 0 };

/** Whether the viewer's lists lose anything to their relations: without, a list is the same as anyone's. */
export const listRelationsHideAny = (relations: ListRelations): boolean =>
  relations.hiddenMemberIds.size > 0 || relations.foldedWords.length > 0 || relations.hiddenWarningMask !== 0;

const escapeForPattern = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** ListRelations from the hidden members and the folded words. */
function listRelationsOf(hiddenMemberIds: Iterable<number>, foldedWords: readonly string[], hiddenWarningMask: number): ListRelations {
  return {
    hiddenWarningMask,
    hiddenMemberIds: new Set(hiddenMemberIds),
    foldedWords,
    // Literal alternatives: the same verdict as `includes` for each word (an empty word would match all, as LIKE '%%' does).
    mutedWordMatcher: foldedWords.length === 0 ? null : new RegExp(foldedWords.map(escapeForPattern).join('|'), 'u'),
  };
}

/**
 * The viewer's ListRelations in one statement: the feed's shared first pages are read without
 * a viewer and filtered per request with listRelationsShow, the same rule as reportShownInListsSql.
 */
export async function loadListRelations(sequelize: Sequelize, viewerId: number, now: Date): Promise<ListRelations> {
  // `kind`: 1 a hidden member's id, 2 a muted word, 3 the hidden content warnings' mask in `id`.
  const rows = await sequelize.query<{ kind: number | string; id: number | string; folded: string | null }>(
    `SELECT 1 AS kind, blocked_id AS id, NULL AS folded FROM blocks WHERE blocker_id = :visViewer
     UNION ALL SELECT 1 AS kind, blocker_id AS id, NULL AS folded FROM blocks WHERE blocked_id = :visViewer
     UNION ALL SELECT 1 AS kind, muted_id AS id, NULL AS folded FROM mutes WHERE muter_id = :visViewer AND (until IS NULL OR until > :visNow)
     UNION ALL SELECT 2 AS kind, 0 AS id, folded FROM muted_words WHERE user_id = :visViewer AND (expires_at IS NULL OR expires_at > :visNow)
     UNION ALL SELECT 3 AS kind, hide_mask AS id, NULL AS folded FROM content_warning_settings WHERE user_id = :visViewer`,
    { replacements: relationReplacements(sequelize, viewerId, now), type: QueryTypes.SELECT },
  );
  const ofKind = (kind: number) => rows.filter((row) => Number(row.kind) === kind);
  return listRelationsOf(
    ofKind(1).map((row) => Number(row.id)),
    ofKind(2).flatMap((row) => (row.folded === null ? [] : [row.folded])),
    ofKind(3).reduce((mask, row) => mask | Number(row.id), 0),
  );
}

/**
 * isReportShownInLists with the viewer's relations as loaded by loadListRelations: theirs, or by a member
 * not hidden from them, without a muted word in its folded text (the words as one pattern).
 */
export function listRelationsShow(viewerId: number, relations: ListRelations, report: { authorId: number; matchText: string | null; warningMask: number }): boolean {
  if (report.authorId === viewerId) return true;
  if (relations.hiddenMemberIds.has(report.authorId)) return false;
  if (hidesWarnings(report.warningMask, relations.hiddenWarningMask)) return false;
  return relations.mutedWordMatcher === null || !relations.mutedWordMatcher.test(report.matchText ?? '');
}

/**
 * For notifications: whether something `actorId` did may notify `recipientId`. One statement;
 * lists of recipients use notifiableSql instead.
 */
export async function canNotify(sequelize: Sequelize, actorId: number, recipientId: number, now = new Date(), options: { transaction?: Transaction } = {}): Promise<boolean> {
  return canNotifyRelation(await loadRelationTo(sequelize, recipientId, actorId, now, options));
}

/** '%' + `folded` with LIKE's wildcards escaped by '!' + '%': the stored pattern of a muted word. */
export const mutedWordPattern = (folded: string): string => `%${folded.replace(/[!%_]/g, (char) => `!${char}`)}%`;
