import type { Sequelize, Transaction } from 'sequelize';
import type { Logger } from '../../logger';
import type { Models, NotificationOutboxEntry } from '../../models';
import type { BusMessage, NotificationBus } from '../bus';
import type { NotificationEvent } from '../events';

export interface FanOutDeps {
  models: Models;
  sequelize: Sequelize;
  bus: NotificationBus;
  logger: Logger;
}

export type EventKind = NotificationEvent['kind'];
export type EventOf<K extends EventKind> = Extract<NotificationEvent, { kind: K }>;

/** One outbox row and the event it holds. */
export interface KindEntry<K extends EventKind> {
  entry: NotificationOutboxEntry;
  event: EventOf<K>;
}

/** The same, by the event's type: a kind's function over several kinds (follows) serves each of them. */
interface EntryOf<E extends NotificationEvent> {
  entry: NotificationOutboxEntry;
  event: E;
}

/**
 * How one kind of event becomes notifications: every row of the kind in a worker's batch at once, in the
 * batch's transaction. Answers what to tell the streams after the commit (the worker presents it first).
 */
export type FanOutKind<E extends NotificationEvent> = (deps: FanOutDeps, entries: ReadonlyArray<EntryOf<E>>, transaction: Transaction) => Promise<BusMessage[]>;

export const ACTOR_COLUMNS = ['notification_id', 'actor_id', 'created_at'] as const;
