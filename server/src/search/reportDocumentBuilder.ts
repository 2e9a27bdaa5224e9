import { searchableText, type ReportSearchDocument } from '@hiraku/search';
import { contentWarningKeys } from '@hiraku/shared';
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { Models, Report } from '../models';
import { LISTED_REPORT, listedAuthorInclude, listedAuthorOnly } from '../visibility';

type BuilderModels = Pick<Models, 'Report' | 'User' | 'Profile' | 'Tag' | 'ReportTool' | 'ReportStep' | 'ReportTag' | 'Save'>;

export interface BuildOptions {
  transaction?: Transaction;
}

export const DEFAULT_DOCUMENT_BATCH_SIZE = 500;

/**
 * Search documents for those of `reportIds` that are listed (the visibility module's rule: a document is
 * eligible exactly when the report is listed), in id order. An id that is missing from
 * the answer (draft, hidden, suspended author, deleted) must not be in the index: the caller deletes it.
 */
export async function buildReportDocuments(
  models: BuilderModels,
  reportIds: readonly number[],
  options: BuildOptions = {},
): Promise<ReportSearchDocument[]> {
  const ids = [...new Set(reportIds)];
  if (ids.length === 0) return [];
  return loadDocuments(models, { id: { [Op.in]: ids } }, { ...options, limit: ids.length });
}

/**
 * Every listed report as search documents, `batchSize` at a time. Keyset paging by id (not OFFSET),
 * so each page costs the same however deep the rebuild is.
 */
export async function* allListedReportDocuments(
  models: BuilderModels,
  batchSize = DEFAULT_DOCUMENT_BATCH_SIZE,
): AsyncGenerator<ReportSearchDocument[]> {
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new Error(`batchSize must be a positive integer: ${batchSize}`);
  let afterId = 0;
  for (;;) {
    const documents = await loadDocuments(models, { id: { [Op.gt]: afterId } }, { limit: batchSize });
    if (documents.length === 0) return;
    yield documents;
    const last = documents.at(-1);
    if (!last || documents.length < batchSize) return;
    afterId = last.id;
  }
}

/** Those of `reportIds` that are listed: cheaper than building their documents when only that matters. */
export async function listedReportIds(models: Pick<Models, 'Report' | 'User'>, reportIds: readonly number[], options: BuildOptions = {}): Promise<Set<number>> {
  const ids = [...new Set(reportIds)];
  if (ids.length === 0) return new Set();
  const rows = await models.Report.findAll({
    attributes: ['id'],
    where: { ...LISTED_REPORT, id: { [Op.in]: ids } },
    include: [listedAuthorOnly(models)],
    transaction: options.transaction,
  });
  return new Set(rows.map((report) => report.id));
}

/** How many reports allListedReportDocuments will yield (for a progress bar). */
export function countListedReports(models: Pick<Models, 'Report' | 'User'>): Promise<number> {
  return models.Report.count({ where: LISTED_REPORT, include: [listedAuthorOnly(models)] });
}

async function loadDocuments(
  models: BuilderModels,
  idCondition: WhereOptions<Report>,
  { transaction, limit }: BuildOptions & { limit: number },
): Promise<ReportSearchDocument[]> {
  const reports = await models.Report.findAll({
    attributes: ['id', 'authorId', 'title', 'description', 'tips', 'genderTagId', 'sexualOrientationTagId', 'roleTagId', 'likeCount', 'createdAt', 'warningMask'],
    where: { ...LISTED_REPORT, ...idCondition },
    include: [
      listedAuthorInclude({
        model: models.User,
        as: 'author',
        attributes: ['id', 'publicId'],
        include: [{ model: models.Profile, as: 'profile', attributes: ['username'], required: false }],
      }),
    ],
    order: [['id', 'ASC']],
    limit,
    transaction,
  });
  if (reports.length === 0) return [];
  const reportIds = reports.map((report) => report.id);

  // Separate queries rather than one join: tools x steps x tags would multiply the rows.
  const [tools, steps, reportTags, saves] = await Promise.all([
    models.ReportTool.findAll({
      attributes: ['reportId', 'name'],
      where: { reportId: { [Op.in]: reportIds } },
      order: [['reportId', 'ASC'], ['position', 'ASC'], ['id', 'ASC']],
      transaction,
    }),
    models.ReportStep.findAll({
      attributes: ['reportId', 'action'],
      where: { reportId: { [Op.in]: reportIds } },
      order: [['reportId', 'ASC'], ['stepNumber', 'ASC'], ['id', 'ASC']],
      transaction,
    }),
    models.ReportTag.findAll({
      attributes: ['reportId', 'kind', 'tagId'],
      where: { reportId: { [Op.in]: reportIds } },
      order: [['reportId', 'ASC'], ['position', 'ASC'], ['tagId', 'ASC']],
      transaction,
    }),
    // Who saved each report: the filter of search inside one's saves, never shown (reportsIndex.ts).
    models.Save.findAll({
      attributes: ['reportId', 'userId'],
      where: { reportId: { [Op.in]: reportIds } },
      order: [['reportId', 'ASC'], ['userId', 'ASC']],
      transaction,
    }),
  ]);

  const profileTagIds = reports.flatMap((r) => [r.genderTagId, r.sexualOrientationTagId, r.roleTagId]);
  const tagIds = [...new Set([...profileTagIds, ...reportTags.map((link) => link.tagId)].filter((id): id is number => id !== null))];
  const tags = tagIds.length
    ? await models.Tag.findAll({ attributes: ['id', 'name'], where: { id: { [Op.in]: tagIds } }, transaction })
    : [];
  const tagNames = new Map(tags.map((tag) => [tag.id, tag.name]));

  const toolsOf = groupBy(tools, (tool) => tool.reportId);
  const stepsOf = groupBy(steps, (step) => step.reportId);
  const tagsOf = groupBy(reportTags, (link) => link.reportId);
  const savesOf = groupBy(saves, (save) => save.reportId);

  return reports.map((report) => {
    const links = tagsOf.get(report.id) ?? [];
    const playCategories = links.filter((link) => link.kind === 'playCategory').map((link) => link.tagId);
    const playContents = links.filter((link) => link.kind === 'playContent').map((link) => link.tagId);
    const namedTagIds = [report.genderTagId, report.sexualOrientationTagId, report.roleTagId, ...playCategories, ...playContents];
    return {
      id: report.id,
      // The text as the engine is to cut it, as the queries are (searchableText): documents are never shown.
      title: searchableText(report.title),
      description: searchableText(report.description ?? ''),
      tips: searchableText(report.tips ?? ''),
      toolNames: (toolsOf.get(report.id) ?? []).map((tool) => searchableText(tool.name)),
      stepTexts: (stepsOf.get(report.id) ?? []).map((step) => searchableText(step.action)),
      tagNames: uniqueNames(namedTagIds.map((id) => (id === null ? undefined : tagNames.get(id)))).map(searchableText),
      authorUsername: searchableText(report.author?.profile?.username ?? ''),
      authorPublicId: report.author?.publicId ?? '',
      authorId: report.authorId,
      gender: report.genderTagId,
      sexualOrientation: report.sexualOrientationTagId,
      role: report.roleTagId,
      playCategories,
      playContents,
      createdAt: report.createdAt.getTime(),
      likeCount: report.likeCount,
      warnings: contentWarningKeys(report.warningMask),
      savedBy: (savesOf.get(report.id) ?? []).map((save) => save.userId),
    };
  });
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function uniqueNames(names: readonly (string | undefined)[]): string[] {
  return [...new Set(names.filter((name): name is string => name !== undefined))];
}
