import type { Includeable, IncludeOptions, Transaction } from 'sequelize';
import type { Models, Report } from '../models';
import { reportFacts, type ReportFacts } from '../visibility';

type LoaderModels = Pick<Models, 'Report' | 'User' | 'Profile' | 'Tag' | 'ReportTool' | 'ReportStep' | 'ReportTag'>;

/** The author's public face and whether they are suspended: enough for presenters and policies. */
export function authorInclude(models: Pick<Models, 'User' | 'Profile'>): IncludeOptions {
  return {
    model: models.User,
    as: 'author',
    attributes: ['id', 'publicId', 'suspendedAt'],
    include: [{ model: models.Profile, as: 'profile', attributes: ['username', 'iconKey'] }],
  };
}

/** What presentReport needs. Lists are separate queries: tools x steps x tags in one join would multiply rows. */
export function reportDetailInclude(models: LoaderModels): Includeable[] {
  const tag = (as: string): Includeable => ({ model: models.Tag, as, attributes: ['id', 'name'] });
  return [
    authorInclude(models),
    tag('gender'),
    tag('sexualOrientation'),
    tag('role'),
    { model: models.ReportTool, as: 'tools', separate: true, order: [['position', 'ASC'], ['id', 'ASC']] },
    { model: models.ReportStep, as: 'steps', separate: true, order: [['stepNumber', 'ASC'], ['id', 'ASC']] },
    {
      model: models.ReportTag,
      as: 'reportTags',
      separate: true,
      order: [['position', 'ASC']],
      include: [{ model: models.Tag, as: 'tag', attributes: ['id', 'name'] }],
    },
  ];
}

/** A report with everything GET /api/reports/:id shows, or null. Policies are the caller's business. */
export function loadReportDetail(models: LoaderModels, id: number): Promise<Report | null> {
  return models.Report.findByPk(id, { include: reportDetailInclude(models) });
}

/**
 * The report row locked for the rest of `transaction`, with its author's suspension. Every write that
 * touches a report's children or counters takes this lock first, so writers never deadlock on the
 * foreign-key locks their inserts take and counters are recomputed one writer at a time.
 */
export async function lockReport(
  models: Pick<Models, 'Report' | 'User'>,
  id: number,
  transaction: Transaction,
): Promise<{ report: Report; subject: ReportFacts } | null> {
  const report = await models.Report.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
  if (!report) return null;
  const author = await models.User.findByPk(report.authorId, { attributes: ['id', 'suspendedAt'], transaction });
  report.author = author ?? undefined;
  if (!author) return null;
  return { report, subject: reportFacts(report) };
}
