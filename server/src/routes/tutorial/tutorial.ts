import { TEXTS } from '@hiraku/shared';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

export function tutorialHandlers(services: AppServices): EndpointHandlers<KeysOf<'tutorial'>> {
  return {
    'tutorial.complete': async ({ user }) => {
      await services.models.User.update({ tutorialPending: false }, { where: { id: user.id } });
      return { message: TEXTS.account.tutorialCompleted };
    },
  };
}
