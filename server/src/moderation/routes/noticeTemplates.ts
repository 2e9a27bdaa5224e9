import { fillNoticeTemplate, NOTICE_TEMPLATE_MESSAGES as m, type NoticeTemplate as NoticeTemplateView } from '@hiraku/shared';
import { writeAuditLog } from '../../commands/auditLogWriter';
import { writeTransaction } from '../../db/transaction';
import { notFound } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { NoticeTemplate } from '../../models';
import type { AppServices } from '../../services';

const present = (row: NoticeTemplate): NoticeTemplateView => ({
  id: row.id,
  name: row.name,
  decision: row.decision,
  category: row.category,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * /api/moderation/notice-templates: the endpoint map checks access (operators) and the input
 * (placeholders included); each change is one transaction with its audit row. A template never changes
 * a decision already given: the reason is copied into the case when chosen.
 */
export function noticeTemplateHandlers(services: AppServices): EndpointHandlers<KeysOf<'noticeTemplates'>> {
  const { models, sequelize } = services;
  return {
    'noticeTemplates.list': async () => {
      const rows = await models.NoticeTemplate.findAll({ order: [['decision', 'ASC'], ['category', 'ASC'], ['name', 'ASC'], ['id', 'ASC']], limit: 500 });
      return { templates: rows.map(present) };
    },
    'noticeTemplates.create': async ({ user, body }) => {
      const row = await writeTransaction(sequelize, async (transaction) => {
        const created = await models.NoticeTemplate.create({ ...body, updatedBy: user.id }, { transaction });
        await writeAuditLog(models, { actorId: user.id, action: 'notice_template.create', targetType: 'notice_template', targetId: created.id, details: { name: body.name } }, { transaction });
        return created;
      });
      return { message: m.created, changed: true, template: present(row) };
    },
    'noticeTemplates.update': async ({ user, params, body }) => {
      const outcome = await writeTransaction(sequelize, async (transaction) => {
        const row = await models.NoticeTemplate.findByPk(params.id, { transaction, lock: transaction.LOCK.UPDATE });
        if (!row) throw notFound(m.notFound);
        const same = row.name === body.name && row.decision === body.decision && row.category === body.category && row.body === body.body;
        if (same) return { row, changed: false };
        await row.update({ ...body, updatedBy: user.id }, { transaction });
        await writeAuditLog(models, { actorId: user.id, action: 'notice_template.update', targetType: 'notice_template', targetId: row.id, details: { name: body.name } }, { transaction });
        return { row, changed: true };
      });
      return { message: outcome.changed ? m.updated : m.unchanged, changed: outcome.changed, template: present(outcome.row) };
    },
    'noticeTemplates.remove': async ({ user, params }) => {
      await writeTransaction(sequelize, async (transaction) => {
        const row = await models.NoticeTemplate.findByPk(params.id, { transaction, lock: transaction.LOCK.UPDATE });
        if (!row) throw notFound(m.notFound);
        await row.destroy({ transaction });
        await writeAuditLog(models, { actorId: user.id, action: 'notice_template.delete', targetType: 'notice_template', targetId: row.id, details: { name: row.name } }, { transaction });
      });
      return { message: m.removed };
    },
    'noticeTemplates.preview': ({ body }) => ({ text: fillNoticeTemplate(body.body, { target: body.target ?? m.sampleTarget, category: body.category ?? null }) }),
  };
}
