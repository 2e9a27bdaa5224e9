import {
  AUTOSAVE_TEXTS,
  LIMITS,
  REPORT_MESSAGES,
  reportAutosaveValuesSchema,
  type ReportAutosave as ReportAutosaveAnswer,
  type ReportAutosaveSummary,
  type ReportAutosaveValues,
} from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { conflict, notFound } from '../errors';
import type { Models, ReportAutosave } from '../models';

/**
 * The report form's autosave: what a member is writing, kept on the server so any device can
 * resume it from マイページ. Only the member's own rows are ever read or written; another member's id
 * answers "not found", as a missing one does.
 */

export function presentAutosaveSummary(row: ReportAutosave): ReportAutosaveSummary {
  return { id: row.id, reportId: row.reportId, title: row.title, updatedAt: row.updatedAt.toISOString() };
}

/** The stored values, read back through the same schema they were checked with on the way in. */
export function storedAutosaveValues(row: ReportAutosave): ReportAutosaveValues {
  return reportAutosaveValuesSchema.parse(JSON.parse(row.valuesJson));
}

const stored = (values: ReportAutosaveValues) => ({ title: values.title.trim(), valuesJson: JSON.stringify(values) });

export async function listAutosaves(models: Models, userId: number): Promise<ReportAutosaveSummary[]> {
  const rows = await models.ReportAutosave.findAll({
    where: { userId },
    attributes: ['id', 'reportId', 'title', 'updatedAt'],
    order: [['updatedAt', 'DESC'], ['id', 'DESC']],
  });
  return rows.map(presentAutosaveSummary);
}

async function ownAutosave(models: Models, userId: number, id: number, transaction?: Transaction): Promise<ReportAutosave> {
  const row = await models.ReportAutosave.findOne({ where: { id, userId }, transaction, lock: transaction ? true : undefined });
  if (!row) throw notFound(AUTOSAVE_TEXTS.notFound);
  return row;
}

export async function getAutosave(models: Models, userId: number, id: number): Promise<ReportAutosaveAnswer> {
  const row = await ownAutosave(models, userId, id);
  return { ...presentAutosaveSummary(row), values: storedAutosaveValues(row) };
}

/**
 * Saves a new report's values, or an edited report's (one row per report: a second save replaces it).
 * The report must be the member's own; more than LIMITS.reportAutosavesMax rows at once is refused.
 */
export async function createAutosave(
  models: Models,
  input: { userId: number; reportId: number | null; values: ReportAutosaveValues },
  { transaction }: { transaction: Transaction },
): Promise<ReportAutosaveSummary> {
  const { userId, reportId, values } = input;
  // The member's row first: two saves of one member (two tabs) then take their turns, and the count holds.
  await models.User.findOne({ where: { id: userId }, attributes: ['id'], transaction, lock: true });
  if (reportId !== null) {
    const report = await models.Report.findOne({ where: { id: reportId, authorId: userId }, attributes: ['id'], transaction });
    if (!report) throw notFound(REPORT_MESSAGES.notFound);
    const existing = await models.ReportAutosave.findOne({ where: { userId, reportId }, transaction });
    if (existing) {
      await existing.update(stored(values), { transaction });
      return presentAutosaveSummary(existing);
    }
  }
  const count = await models.ReportAutosave.count({ where: { userId }, transaction });
  if (count >= LIMITS.reportAutosavesMax) throw conflict(AUTOSAVE_TEXTS.tooMany(LIMITS.reportAutosavesMax));
  const row = await models.ReportAutosave.create({ userId, reportId, ...stored(values) }, { transaction });
  return presentAutosaveSummary(row);
}

export async function updateAutosave(
  models: Models,
  input: { userId: number; id: number; values: ReportAutosaveValues },
  { transaction }: { transaction: Transaction },
): Promise<ReportAutosaveSummary> {
  const row = await ownAutosave(models, input.userId, input.id, transaction);
  // changed() alone would skip the write, and updatedAt, when nothing changed; the time says "still here".
  row.set(stored(input.values));
  row.changed('updatedAt', true);
  await row.save({ transaction });
  return presentAutosaveSummary(row);
}

export async function removeAutosave(models: Models, userId: number, id: number, { transaction }: { transaction: Transaction }): Promise<void> {
  const row = await ownAutosave(models, userId, id, transaction);
  await row.destroy({ transaction });
}
