import { TEXTS } from '@hiraku/shared';
import { fileAppeal, loadMemberDecision, loadReviewState } from '../appeals';
import { parseTargetId } from '../caseTargets';
import { flagTarget } from '../flagger';
import { writeTransaction } from '../../db/transaction';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

/** POST /api/flags, /api/appeals and the author's view of decisions. */
export function flagHandlers(services: AppServices): EndpointHandlers<KeysOf<'flags'> | KeysOf<'decisions'> | KeysOf<'appeals'>> {
  const { models, sequelize } = services;
  return {
    'flags.create': async ({ user, body }) => {
      const targetId = parseTargetId(body.targetType, body.targetId);
      const outcome = await writeTransaction(sequelize, (transaction) =>
        flagTarget(services, { viewer: user, targetType: body.targetType, targetId, category: body.category, note: body.note }, { transaction }),
      );
      return { message: outcome.updated ? TEXTS.flag.updated : TEXTS.flag.received, updated: outcome.updated };
    },
    'decisions.get': ({ user, params }) => loadMemberDecision(models, user, params.caseId),
    'decisions.forTarget': ({ user, query }) => loadReviewState(models, user, query.targetType, query.targetId),
    'appeals.create': async ({ user, body }) => {
      const decision = await writeTransaction(sequelize, (transaction) => fileAppeal(models, { viewer: user, caseId: body.caseId, text: body.text }, { transaction }));
      return { message: TEXTS.flag.appealFiled, decision };
    },
  };
}
