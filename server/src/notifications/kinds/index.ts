import type { Transaction } from 'sequelize';
import type { NotificationOutboxEntry } from '../../models';
import type { NotificationEvent } from '../events';
import { fanOutAnnouncements } from './announcement';
import { fanOutCases } from './case';
import { fanOutComments } from './comment';
import { fanOutFollowEvent } from './follows';
import { fanOutDecisions, fanOutFlagOutcomes } from './forMember';
import { fanOutLikes } from './like';
import type { EventKind, EventOf, FanOutDeps, FanOutKind, KindEntry, Told } from './types';

export type { FanOutDeps, Told } from './types';

/** The follows' kinds, one event at a time (follows.ts). */
const fanOutFollows: FanOutKind<EventOf<'followedReport' | 'newFollower' | 'followRequest' | 'followApproved'>> = async (deps, entries, transaction) => {
  let messages: Told[] = [];
  // concat, not push(...): 40 reports to 5,000 followers each are 200,000 messages, past what a call's arguments may hold.
  for (const { entry, event } of entries) messages = messages.concat(await fanOutFollowEvent(deps.sequelize, entry, event, transaction));
  return messages;
};

/** THE registry: how each kind of event is fanned out. A new kind is a module here and a line below. */
const KINDS: { [K in EventKind]: FanOutKind<EventOf<K>> } = {
  comment: fanOutComments,
  like: fanOutLikes,
  decision: fanOutDecisions,
  appeal: fanOutDecisions,
  flagOutcome: fanOutFlagOutcomes,
  announcement: fanOutAnnouncements,
  followedReport: fanOutFollows,
  newFollower: fanOutFollows,
  followRequest: fanOutFollows,
  followApproved: fanOutFollows,
  case: fanOutCases,
};

const eventIdOf = (message: Told): number => ('eventId' in message ? message.eventId : 0);

/**
 * Makes the notifications of outbox rows in `transaction`, kind by kind (each kind takes all its rows at
 * once: a comment's or a like's statements are the same for one row or many). Answers what to tell the
 * streams, in the order the events happened, so a stream told of several hears them oldest first.
 */
export async function fanOutEntries(deps: FanOutDeps, entries: readonly NotificationOutboxEntry[], transaction: Transaction): Promise<Told[]> {
  const byKind = new Map<EventKind, Array<KindEntry<EventKind>>>();
  for (const entry of entries) {
    const event = JSON.parse(entry.payload) as NotificationEvent;
    const batch = byKind.get(event.kind) ?? [];
    batch.push({ entry, event });
    byKind.set(event.kind, batch);
  }
  let messages: Told[] = [];
  for (const [kind, batch] of byKind) {
    // One kind's function with its own rows: the registry's type pairs them, TypeScript cannot see it through the map.
    const fanOut = KINDS[kind] as FanOutKind<NotificationEvent>;
    messages = messages.concat(await fanOut(deps, batch, transaction));
  }
  return messages.sort((a, b) => eventIdOf(a) - eventIdOf(b));
}
