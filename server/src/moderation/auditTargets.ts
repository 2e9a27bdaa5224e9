import { TEXTS } from '@hiraku/shared';
import { Op } from 'sequelize';
import type { AuditLog, Models } from '../models';
import { targetPath } from './appeals';

/** What the audit log shows of an entry's target instead of its bare id. */
export interface AuditTargetName {
  label: string | null;
  path: string | null;
}

const COMMENT_EXCERPT_CHARS = 40;
const key = (type: string, id: string) => `${type}:${id}`;
const numericIds = (ids: string[]) => ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);

/**
 * Names and links for a page of audit entries, a few batched reads per page: a report's title (or, once
 * removed for good, the title its case kept), a comment's first words and its report, a member's
 * username and profile, a case's kind and category, a category's or tag's name, an enquiry's page.
 * Anything gone is answered without a label, and the screen falls back to the id.
 */
export async function nameAuditTargets(
  models: Pick<Models, 'Report' | 'Comment' | 'User' | 'Profile' | 'ModerationCase' | 'Category' | 'Tag'>,
  entries: readonly AuditLog[],
): Promise<Map<string, AuditTargetName>> {
  const idsOf = (type: string) => [...new Set(entries.filter((entry) => entry.targetType === type).map((entry) => entry.targetId))];
  const names = new Map<string, AuditTargetName>();
  const set = (type: string, id: string | number, label: string | null, path: string | null) => names.set(key(type, String(id)), { label, path });

  const caseIds = numericIds(idsOf('case'));
  // A case links to its report, so the cases are read first.
  const cases = caseIds.length ? await models.ModerationCase.findAll({ where: { id: { [Op.in]: caseIds } }, attributes: ['id', 'type', 'category', 'targetType', 'targetId'] }) : [];
  const caseReportIds = cases.filter((found) => found.targetType === 'report').map((found) => found.targetId);
  const reportIds = [...new Set([...numericIds(idsOf('report')), ...caseReportIds])];
  const commentIds = numericIds(idsOf('comment'));
  const [reports, removed, comments, users, categories, tags] = await Promise.all([
    reportIds.length ? models.Report.findAll({ where: { id: { [Op.in]: reportIds } }, attributes: ['id', 'title'] }) : [],
    reportIds.length
      ? models.ModerationCase.findAll({ where: { targetType: 'report', targetId: { [Op.in]: reportIds }, removedTitle: { [Op.ne]: null } }, attributes: ['targetId', 'removedTitle'] })
      : [],
    commentIds.length ? models.Comment.findAll({ where: { id: { [Op.in]: commentIds } }, attributes: ['id', 'text', 'reportId'] }) : [],
    idsOf('user').length
      ? models.User.findAll({
          where: { publicId: { [Op.in]: idsOf('user') } },
          attributes: ['id', 'publicId'],
          include: [{ model: models.Profile, as: 'profile', attributes: ['username'], required: false }],
        })
      : [],
    idsOf('category').length ? models.Category.findAll({ where: { id: { [Op.in]: numericIds(idsOf('category')) } }, attributes: ['id', 'name'] }) : [],
    idsOf('tag').length ? models.Tag.findAll({ where: { id: { [Op.in]: numericIds(idsOf('tag')) } }, attributes: ['id', 'name'] }) : [],
  ]);

  for (const gone of removed) set('report', gone.targetId, gone.removedTitle, null);
  for (const report of reports) set('report', report.id, report.title, targetPath('report', report.id, {}));
  for (const comment of comments) {
    set('comment', comment.id, comment.text ? Array.from(comment.text).slice(0, COMMENT_EXCERPT_CHARS).join('') : null, targetPath('comment', comment.id, { reportId: comment.reportId }));
  }
  for (const user of users) set('user', user.publicId, user.profile?.username ?? null, targetPath('member', user.id, { publicId: user.publicId }));
  const caseTypes = TEXTS.moderation.screens.cases.types;
  for (const found of cases) {
    const category = (TEXTS.flag.categories as Record<string, { label: string } | undefined>)[found.category]?.label ?? found.category;
    const path = found.targetType === 'report' && reports.some((report) => report.id === found.targetId) ? targetPath('report', found.targetId, {}) : null;
    set('case', found.id, `${caseTypes[found.type]}・${category}`, path);
  }
  for (const category of categories) set('category', category.id, category.name, '/category-manager');
  for (const tag of tags) set('tag', tag.id, tag.name, '/tag-manager');
  for (const id of idsOf('enquiry')) set('enquiry', id, null, `/moderation/enquiries/${id}`);
  return names;
}

export const auditTargetKey = key;
