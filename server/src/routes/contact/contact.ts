import { TEXTS } from '@hiraku/shared';
import { submitEnquiry } from '../../commands/contactEnquiry';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

/**
 * The contact form, for visitors and members alike, and the deployment's public settings. There is no
 * general "send an e-mail" call: the server only mails the configured support address (docs/decisions.md).
 */
export function contactHandlers(services: AppServices): EndpointHandlers<KeysOf<'contact'> | KeysOf<'site'>> {
  return {
    'contact.send': async ({ body, user }) => {
      await submitEnquiry(services, { sender: user, input: body });
      return { message: TEXTS.contact.sent };
    },
    'site.config': () => ({ supportEmail: services.env.SUPPORT_EMAIL, imageOrigin: services.storage.publicOrigin, siteOrigin: new URL(services.env.publicUrl).origin }),
  };
}
