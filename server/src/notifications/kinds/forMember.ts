import type { Transaction } from 'sequelize';
import type { FanOutDeps, KindEntry, Told } from './types';

/*
 * The kinds an operator's act makes for named members (a decision, an appeal's outcome, a flag's
 * outcome): no actor, no group, one notification per member and event.
 */

async function addForMember(
  deps: FanOutDeps,
  eventId: number,
  fields: { userId: number; kind: string; reportId?: number | null; commentId?: number | null; payload?: object | null },
  transaction: Transaction,
): Promise<Told> {
  await deps.models.Notification.create(
    {
      userId: fields.userId,
      kind: fields.kind,
      reportId: fields.reportId ?? null,
      commentId: fields.commentId ?? null,
      payload: fields.payload ? JSON.stringify(fields.payload) : null,
      eventId,
    },
    { transaction },
  );
  return { type: 'notification', userId: fields.userId, eventId };
}

/** A decision on the member's content or account, or the answer to their appeal; `caseId` leads to the decision page. */
export async function fanOutDecisions(deps: FanOutDeps, entries: ReadonlyArray<KindEntry<'decision' | 'appeal'>>, transaction: Transaction): Promise<Told[]> {
  const messages: Told[] = [];
  for (const { entry, event } of entries) {
    const payload = {
      ...(event.kind === 'decision' ? { action: event.action } : { outcome: event.outcome }),
      target: event.target,
      ...(event.caseId !== undefined ? { caseId: event.caseId } : {}),
    };
    const fields = { userId: event.userId, kind: event.kind, reportId: event.reportId ?? null, commentId: event.commentId ?? null, payload };
    messages.push(await addForMember(deps, Number(entry.id), fields, transaction));
  }
  return messages;
}

/** The outcome of flags, to every flagger once. */
export async function fanOutFlagOutcomes(deps: FanOutDeps, entries: ReadonlyArray<KindEntry<'flagOutcome'>>, transaction: Transaction): Promise<Told[]> {
  const messages: Told[] = [];
  for (const { entry, event } of entries) {
    for (const userId of new Set(event.userIds)) {
      messages.push(await addForMember(deps, Number(entry.id), { userId, kind: 'flagOutcome', payload: { outcome: event.outcome, target: event.target } }, transaction));
    }
  }
  return messages;
}
