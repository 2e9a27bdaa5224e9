import { AUTOSAVE_TEXTS } from '@hiraku/shared';
import { createAutosave, getAutosave, listAutosaves, removeAutosave, updateAutosave } from '../../commands/reportAutosaves';
import { writeTransaction } from '../../db/transaction';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

/** The report form's autosave: the caller's own rows only. */
export function autosaveHandlers(services: AppServices): EndpointHandlers<KeysOf<'autosaves'>> {
  const { models, sequelize } = services;
  return {
    'autosaves.list': async ({ user }) => ({ autosaves: await listAutosaves(models, user.id) }),
    'autosaves.get': ({ user, params }) => getAutosave(models, user.id, params.id),
    'autosaves.create': async ({ user, body }) => ({
      autosave: await writeTransaction(sequelize, (transaction) => createAutosave(models, { userId: user.id, reportId: body.reportId, values: body.values }, { transaction })),
    }),
    'autosaves.update': async ({ user, params, body }) => ({
      autosave: await writeTransaction(sequelize, (transaction) => updateAutosave(models, { userId: user.id, id: params.id, values: body.values }, { transaction })),
    }),
    'autosaves.remove': async ({ user, params }) => {
      await writeTransaction(sequelize, (transaction) => removeAutosave(models, user.id, params.id, { transaction }));
      return { message: AUTOSAVE_TEXTS.removed };
    },
  };
}
