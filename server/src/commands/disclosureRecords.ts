import { LIMITS, TEXTS, type DisclosureTargetType } from '@hiraku/shared';
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { notFound } from '../errors';
import type { DisclosureKind, DisclosureRecord, Models } from '../models';
import { writeAuditLog } from './auditLogWriter';

/** Where a request came from, as the client-address middleware resolved it (TRUSTED_PROXIES). */
export interface RequestSource {
  address: string;
  /** The connection's remote port (X-Forwarded-Port from a trusted proxy); null when unknown. */
  port: number | null;
}

type Options = { transaction: Transaction };

/**
 * Keeps where a post, an upload or a sign-in came from (issue 38, 発信者情報開示), in the transaction of
 * the act itself, so a record exists exactly for what was committed.
 */
export async function recordDisclosure(
  models: Pick<Models, 'DisclosureRecord'>,
  { kind, targetId, member, source, now = new Date() }: { kind: DisclosureKind; targetId: number; member: { id: number; publicId: string }; source: RequestSource; now?: Date },
  { transaction }: Options,
): Promise<void> {
  await models.DisclosureRecord.create(
    { kind, targetId, userId: member.id, userPublicId: member.publicId, address: source.address, port: source.port, occurredAt: now },
    { transaction },
  );
}

/** The moment before which records are deleted: LIMITS.disclosureRetentionMonths calendar months back. */
export function disclosureCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - LIMITS.disclosureRetentionMonths);
  return cutoff;
}

/** Deletes the records older than the retention period; the number deleted. */
export async function deleteExpiredDisclosureRecords(models: Pick<Models, 'DisclosureRecord'>, now = new Date()): Promise<number> {
  return models.DisclosureRecord.destroy({ where: { occurredAt: { [Op.lt]: disclosureCutoff(now) } } });
}

async function recordsWhere(models: Pick<Models, 'Comment' | 'Report' | 'User'>, targetType: DisclosureTargetType, targetId: string): Promise<WhereOptions<DisclosureRecord>> {
  if (targetType === 'member') {
    // A deleted account's records still name its public id, so they stay reachable by it for six months.
    const member = await models.User.findOne({ where: { publicId: targetId }, attributes: ['id'] });
    return member ? { [Op.or]: [{ userId: member.id }, { userPublicId: targetId }] } : { userPublicId: targetId };
  }
  const id = /^[1-9][0-9]{0,15}$/.test(targetId) ? Number(targetId) : null;
  if (id === null) throw notFound(targetType === 'report' ? TEXTS.report.notFound : TEXTS.comment.notFound);
  // A report's records are its posting and the uploads of its images.
  return targetType === 'report' ? { kind: { [Op.in]: ['report', 'image'] }, targetId: id } : { kind: 'comment', targetId: id };
}

const JST = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** `2026-11-28 21:05:09+09:00`: Japan time with its offset, so the file means one instant wherever it is read. */
export const jstTimestamp = (at: Date): string => `${JST.format(at)}+09:00`;

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The records of one report, comment or member as CSV (oldest first, a header row, CRLF lines), and an
 * audit row saying who exported what and how many rows. A target with no records gives the header only:
 * whether anything was kept is itself only for the operator.
 */
export async function exportDisclosureRecords(
  models: Pick<Models, 'DisclosureRecord' | 'Comment' | 'Report' | 'User' | 'AuditLog'>,
  { actorId, targetType, targetId }: { actorId: number; targetType: DisclosureTargetType; targetId: string },
  { transaction }: Options,
): Promise<string> {
  const where = await recordsWhere(models, targetType, targetId);
  const rows = await models.DisclosureRecord.findAll({ where, order: [['occurredAt', 'ASC'], ['id', 'ASC']], transaction });
  await writeAuditLog(models, { actorId, action: 'disclosure.export', targetType: targetType === 'member' ? 'user' : targetType, targetId, details: { rows: rows.length } }, { transaction });
  const lines = [
    TEXTS.guard.screens.csvHeader,
    ...rows.map((row) => [TEXTS.guard.screens.kinds[row.kind], String(row.targetId), row.userPublicId, row.address, row.port === null ? '' : String(row.port), jstTimestamp(row.occurredAt)]),
  ];
  return `${lines.map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}
