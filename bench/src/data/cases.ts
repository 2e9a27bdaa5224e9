import { caseDueAt, casePriority, FLAG_CATEGORIES, type FlagCategory } from '@hiraku/shared';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { createRandom } from './corpus';
import { encodeCaseCursor } from '../../../server/src/moderation';

export interface CaseDataOptions {
  /** Open cases, each on a report of its own (one open case per target). */
  openCases: number;
  /** Flags in all, open and closed cases together; the rest beyond the open cases' go to closed cases. */
  flags: number;
  /** Same seed, same queue. Open cases get 1-2 flaggers each, closed ones 4. */
  seed: number;
  /** The member (0-based index of generate.ts) who is made an operator and decides the closed cases. */
  operatorIndex: number;
}

export interface CaseDataSummary {
  openCases: number;
  closedCases: number;
  flags: number;
  operatorIndex: number;
}

const BATCH = 2_000;
const HOUR_MS = 3_600_000;
/** Severity is skewed as a busy day's would be: few of the severe categories, much spam and other. */
const CATEGORY_WEIGHTS: Record<FlagCategory, number> = { minor: 2, nonConsensual: 3, obscene: 5, aiManipulatedPerson: 2, solicitation: 15, harassment: 15, spam: 40, other: 20 };

/**
 * The moderation queue of a busy day on top of a generated data set: `openCases` open report
 * cases with 1-3 flags each, opened over the last five days (some overdue), and closed cases holding the
 * rest of `flags`, decided by the operator. Multi-row INSERTs with explicit ids, like generate.ts.
 */
export async function generateCases(conn: Connection, options: CaseDataOptions): Promise<CaseDataSummary> {
  const random = createRandom(options.seed);
  const [members] = await conn.query<RowDataPacket[]>('SELECT id FROM users ORDER BY id');
  const [reports] = await conn.query<RowDataPacket[]>('SELECT id, author_id FROM reports ORDER BY id');
  const operatorId = Number(members[options.operatorIndex]?.id);
  if (!operatorId) throw new Error(`no member ${options.operatorIndex} to make an operator`);
  await conn.query("UPDATE users SET role = 'operator' WHERE id = ?", [operatorId]);
  const memberIds = members.map((row) => Number(row.id)).filter((id) => id !== operatorId);
  const weighted = FLAG_CATEGORIES.flatMap((category) => Array<FlagCategory>(CATEGORY_WEIGHTS[category]).fill(category));
  const now = Date.now();

  const cases: unknown[][] = [];
  const flags: unknown[][] = [];
  let caseId = 0;
  let flagId = 0;
  const addCase = (report: RowDataPacket, open: boolean, flagCount: number) => {
    caseId += 1;
    const openedAt = new Date(now - random.int(0, 5 * 24) * HOUR_MS - random.int(0, 3_599_000));
    const chosen = Array.from({ length: flagCount }, () => random.pick(weighted));
    const category = chosen.reduce((worst, next) => (FLAG_CATEGORIES.indexOf(next) < FLAG_CATEGORIES.indexOf(worst) ? next : worst));
    const authorId = Number(report.author_id);
    cases.push([
      caseId, 'report', 'report', Number(report.id), authorId, category, casePriority('report', category), open ? 'open' : 'closed', open ? 1 : null,
      openedAt, caseDueAt('report', category, openedAt), open ? null : 'dismiss', open ? null : '確認済み', open ? null : operatorId,
      open ? null : new Date(openedAt.getTime() + HOUR_MS), openedAt,
    ]);
    const flaggers = new Set<number>();
    while (flaggers.size < flagCount) {
      const flagger = random.pick(memberIds);
      if (flagger !== authorId) flaggers.add(flagger);
    }
    [...flaggers].forEach((flagger, index) => {
      flagId += 1;
      flags.push([flagId, caseId, flagger, chosen[index], index === 0 ? 'ご確認ください' : null, openedAt, openedAt, open ? null : new Date(openedAt.getTime() + HOUR_MS)]);
    });
  };

  if (reports.length < options.openCases) throw new Error(`${options.openCases} open cases need as many reports; there are ${reports.length}`);
  for (let i = 0; i < options.openCases; i += 1) addCase(reports[i] as RowDataPacket, true, random.int(1, 2));
  // Closed cases take the remaining flags, four at a time, on any report (closed cases may repeat a target).
  while (flags.length < options.flags) addCase(reports[random.int(0, reports.length - 1)] as RowDataPacket, false, Math.min(4, options.flags - flags.length));

  await conn.query('SET SESSION foreign_key_checks = 0, unique_checks = 0');
  try {
    const caseColumns =
      '(id, type, target_type, target_id, author_id, category, priority, status, open_slot, opened_at, due_at, decision, decision_reason, decided_by, closed_at, created_at)';
    for (let start = 0; start < cases.length; start += BATCH) await conn.query(`INSERT INTO moderation_cases ${caseColumns} VALUES ?`, [cases.slice(start, start + BATCH)]);
    const flagColumns = '(id, case_id, flagger_id, category, note, created_at, updated_at, resolved_at)';
    for (let start = 0; start < flags.length; start += BATCH) await conn.query(`INSERT INTO flags ${flagColumns} VALUES ?`, [flags.slice(start, start + BATCH)]);
  } finally {
    await conn.query('SET SESSION foreign_key_checks = 1, unique_checks = 1');
  }
  await conn.query('ANALYZE TABLE moderation_cases, flags');
  return { openCases: options.openCases, closedCases: caseId - options.openCases, flags: flags.length, operatorIndex: options.operatorIndex };
}

/** The cursor an operator holds after reading `depth` open cases of the queue (the server's own encoding). */
export async function deepCaseCursor(conn: Connection, depth: number): Promise<string> {
  const [rows] = await conn.query<RowDataPacket[]>("SELECT id, priority FROM moderation_cases WHERE status = 'open' ORDER BY priority, id LIMIT 1 OFFSET ?", [depth - 1]);
  const row = rows[0];
  if (!row) throw new Error(`fewer than ${depth} open cases`);
  return encodeCaseCursor({ escalated: false, priority: Number(row.priority), id: Number(row.id) });
}
