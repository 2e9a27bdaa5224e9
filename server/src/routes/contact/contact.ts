import Router from '@koa/router';
import { contactInputSchema, MESSAGES, type ContactResponse, type SiteConfigResponse } from '@hiraku/shared';
import { submitEnquiry } from '../../commands/contactEnquiry';
import { parseInput } from '../../http/validate';
import { currentUser } from '../../middlewares/authenticate';
import { rateLimit } from '../../middlewares/rateLimit';
import type { AppServices } from '../../services';

/**
 * The contact form, for visitors and members alike, and the deployment's public settings. There is no
 * general "send an e-mail" call: the server only mails the configured support address (DECISIONS.md).
 */
export function contactRoutes(services: AppServices): Router {
  const router = new Router();

  router.post('/contact', rateLimit(services, 'contact'), async (ctx) => {
    const input = parseInput(contactInputSchema, ctx.request.body);
    await submitEnquiry(services, { sender: currentUser(ctx), input });
    ctx.status = 201;
    ctx.body = { message: MESSAGES.contact.sent } satisfies ContactResponse;
  });

  router.get('/site-config', (ctx) => {
    ctx.body = { supportEmail: services.env.SUPPORT_EMAIL } satisfies SiteConfigResponse;
  });

  return router;
}
