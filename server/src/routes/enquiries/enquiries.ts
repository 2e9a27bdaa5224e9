import { LIMITS, TEXTS } from '@hiraku/shared';
import { Op, type WhereOptions } from 'sequelize';
import { writeAuditLog } from '../../commands/auditLogWriter';
import { notFound } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { ContactEnquiry } from '../../models';
import { presentEnquiry } from '../../presenters/enquiry';
import type { AppServices } from '../../services';
import { writeTransaction } from '../../db/transaction';

/** The operators' copy of contact enquiries: list (open ones by default), read one, mark handled. */
export function enquiryHandlers(services: AppServices): EndpointHandlers<KeysOf<'enquiries'>> {
  const { models } = services;
  const sender = { model: models.User, as: 'user', attributes: ['id', 'publicId'] };

  const load = async (id: number) => {
    const enquiry = await models.ContactEnquiry.findByPk(id, { include: [sender] });
    if (!enquiry) throw notFound(TEXTS.contact.enquiryNotFound);
    return enquiry;
  };

  return {
    'enquiries.list': async ({ query: { status, before } }) => {
      const where: WhereOptions<ContactEnquiry> = {
        ...(status === 'open' ? { handledAt: null } : status === 'handled' ? { handledAt: { [Op.ne]: null } } : {}),
        ...(before ? { id: { [Op.lt]: before } } : {}),
      };
      const rows = await models.ContactEnquiry.findAll({ where, include: [sender], order: [['id', 'DESC']], limit: LIMITS.enquiriesPageSize + 1 });
      const page = rows.slice(0, LIMITS.enquiriesPageSize);
      return { enquiries: page.map(presentEnquiry), nextBefore: rows.length > page.length ? (page.at(-1)?.id ?? null) : null };
    },

    'enquiries.get': async ({ params }) => presentEnquiry(await load(params.id)),

    'enquiries.setHandled': async ({ params, body: { handled }, user: operator }) => {
      const enquiry = await load(params.id);
      await writeTransaction(services.sequelize, async (transaction) => {
        await enquiry.update({ handledAt: handled ? (enquiry.handledAt ?? new Date()) : null, handledBy: handled ? operator.id : null }, { transaction });
        await writeAuditLog(
          models,
          { actorId: operator.id, action: handled ? 'enquiry.handle' : 'enquiry.reopen', targetType: 'enquiry', targetId: enquiry.id },
          { transaction },
        );
      });
      return { message: handled ? TEXTS.contact.markedHandled : TEXTS.contact.markedUnhandled, enquiry: presentEnquiry(enquiry) };
    },
  };
}
