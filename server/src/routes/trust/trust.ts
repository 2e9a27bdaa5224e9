import { japanDay, takedownRequestSchemaFor, TEXTS } from '@hiraku/shared';
import { checkTakedownAllowance, confirmTakedownRequest, fileTakedownRequest } from '../../moderation';
import { computeTransparencyReport } from '../../commands/transparency';
import { validationError } from '../../errors';
import { parseInput } from '../../http/validate';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

/** Takedown requests from anyone and the transparency report. */
export function trustHandlers(services: AppServices): EndpointHandlers<KeysOf<'takedown'> | KeysOf<'transparency'>> {
  // Only this site's report, comment and profile pages can be acted on: anything else is
  // refused here, before a request is stored or a mail sent.
  const takedownRequest = takedownRequestSchemaFor(services.env.publicUrl);

  return {
    'takedown.create': async ({ ctx, body }) => {
      const request = parseInput(takedownRequest, body);
      await checkTakedownAllowance(services, { clientAddress: ctx.ip, email: request.email });
      await fileTakedownRequest(services, request);
      return { message: TEXTS.takedown.received };
    },

    'takedown.confirm': async ({ query }) => {
      const outcome = await confirmTakedownRequest(services, query.token);
      if (outcome === 'invalid') throw validationError(TEXTS.takedown.confirmInvalid);
      return { message: outcome === 'confirmed' ? TEXTS.takedown.confirmed : TEXTS.takedown.alreadyConfirmed };
    },

    'transparency.report': async () => {
      const now = new Date();
      const day = japanDay(now);
      // Regenerated once per Japan day, on the first request of the day (the app's named cache
      // `transparency`): the figures are monthly counts, and a day's delay is what the page promises ("毎日更新").
      return services.caches.transparency.get(day, () => computeTransparencyReport(services.models, now));
    },
  };
}
