import { SEVERE_PRIORITY_MAX } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import type { FanOutDeps, KindEntry, Told } from './types';

/**
 * A case of the moderation queue changed (moderation/caseEvents.ts): for operators' streams only, nothing is stored. A
 * case gone, or closed before the worker came when it was overdue, is nothing to tell.
 */
export async function fanOutCases(deps: FanOutDeps, entries: ReadonlyArray<KindEntry<'case'>>, transaction: Transaction): Promise<Told[]> {
  const messages: Told[] = [];
  for (const { entry, event } of entries) {
    const found = await deps.models.ModerationCase.findByPk(event.caseId, { attributes: ['id', 'status', 'priority'], transaction });
    if (!found || (event.change === 'overdue' && found.status !== 'open')) continue;
    messages.push({ type: 'case', eventId: Number(entry.id), caseId: event.caseId, change: event.change, severe: found.priority <= SEVERE_PRIORITY_MAX });
  }
  return messages;
}
