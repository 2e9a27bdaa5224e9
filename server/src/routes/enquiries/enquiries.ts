import Router from '@koa/router';
import {
  enquiryHandledSchema,
  enquiryIdSchema,
  enquiryListQuerySchema,
  LIMITS,
  MESSAGES,
  type EnquiryHandledResponse,
  type EnquiryItem,
  type EnquiryListResponse,
} from '@hiraku/shared';
import type { Context } from 'koa';
import { Op, type WhereOptions } from 'sequelize';
import { writeAuditLog } from '../../commands/auditLogWriter';
import { notFound } from '../../errors';
import { parseInput } from '../../http/validate';
import { operatorOnly, requireOperator } from '../../middlewares/authenticate';
import type { ContactEnquiry } from '../../models';
import { presentEnquiry } from '../../presenters/enquiry';
import type { AppServices } from '../../services';

/** The operators' copy of contact enquiries: list (open ones first by default), read one, mark handled. */
export function enquiryRoutes(services: AppServices): Router {
  const { models } = services;
  const router = new Router({ prefix: '/moderation/enquiries' });
  const sender = { model: models.User, as: 'user', attributes: ['id', 'publicId'] };

  const load = async (ctx: Context) => {
    const id = parseInput(enquiryIdSchema, ctx.params.id);
    const enquiry = await models.ContactEnquiry.findByPk(id, { include: [sender] });
    if (!enquiry) throw notFound(MESSAGES.contact.enquiryNotFound);
    return enquiry;
  };

  router.get('/', operatorOnly, async (ctx) => {
    const { status, before } = parseInput(enquiryListQuerySchema, ctx.query);
    const where: WhereOptions<ContactEnquiry> = {
      ...(status === 'open' ? { handledAt: null } : status === 'handled' ? { handledAt: { [Op.ne]: null } } : {}),
      ...(before ? { id: { [Op.lt]: before } } : {}),
    };
    const rows = await models.ContactEnquiry.findAll({ where, include: [sender], order: [['id', 'DESC']], limit: LIMITS.enquiriesPageSize + 1 });
    const page = rows.slice(0, LIMITS.enquiriesPageSize);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      enquiries: page.map(presentEnquiry),
      nextBefore: rows.length > page.length ? (page.at(-1)?.id ?? null) : null,
    } satisfies EnquiryListResponse;
  });

  router.get('/:id', operatorOnly, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentEnquiry(await load(ctx)) satisfies EnquiryItem;
  });

  router.put('/:id/handled', operatorOnly, async (ctx) => {
    const operator = requireOperator(ctx);
    const { handled } = parseInput(enquiryHandledSchema, ctx.request.body);
    const enquiry = await load(ctx);
    await services.sequelize.transaction(async (transaction) => {
      await enquiry.update({ handledAt: handled ? (enquiry.handledAt ?? new Date()) : null, handledBy: handled ? operator.id : null }, { transaction });
      await writeAuditLog(
        models,
        { actorId: operator.id, action: handled ? 'enquiry.handle' : 'enquiry.reopen', targetType: 'enquiry', targetId: enquiry.id },
        { transaction },
      );
    });
    ctx.body = {
      message: handled ? MESSAGES.contact.markedHandled : MESSAGES.contact.markedUnhandled,
      enquiry: presentEnquiry(enquiry),
    } satisfies EnquiryHandledResponse;
  });

  return router;
}
