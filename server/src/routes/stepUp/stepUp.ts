import { TEXTS } from '@hiraku/shared';
import { proveWithPassword } from '../../auth/stepUp';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

/** The step-up dialog's proof (auth/stepUp.ts). */
export function stepUpHandlers(services: AppServices): EndpointHandlers<KeysOf<'stepUp'>> {
  return {
    'stepUp.confirm': async ({ ctx, user, body }) => {
      await proveWithPassword(services, ctx, user.id, body);
      return { message: TEXTS.stepUp.confirmed };
    },
  };
}
