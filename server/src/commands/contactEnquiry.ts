import type { ContactInput } from '@hiraku/shared';
import { enquiryMail } from '../mail/templates';
import type { ContactEnquiry, User } from '../models';
import type { AppServices } from '../services';
import { enqueueMail } from './mailOutbox';
import { writeTransaction } from '../db/transaction';

type Deps = Pick<AppServices, 'models' | 'sequelize' | 'env'>;

/**
 * Keeps the operators' copy and queues the mail to the configured support address in one transaction.
 * The mail only ever goes to SUPPORT_EMAIL: the sender's address is at most the Reply-To.
 */
export async function submitEnquiry(deps: Deps, { sender, input }: { sender: Pick<User, 'id'> | null; input: ContactInput }): Promise<ContactEnquiry> {
  return writeTransaction(deps.sequelize, async (transaction) => {
    const enquiry = await deps.models.ContactEnquiry.create(
      { userId: sender?.id ?? null, category: input.category, name: input.name, email: input.email, content: input.content },
      { transaction },
    );
    await enqueueMail(deps.models, 'enquiry', enquiryMail({ to: deps.env.SUPPORT_EMAIL, enquiry: input, fromMember: sender !== null }), { transaction });
    return enquiry;
  });
}
