import type { Sequelize, Transaction } from 'sequelize';
import type { Logger } from '../../logger';
import type { Storage } from '../../storage/storage';
import type { Models, NotificationOutboxEntry } from '../../models';
import type { CaseChange } from '@hiraku/shared';
import type { NotificationBus } from '../bus';
import type { NotificationEvent } from '../events';
import type { ListeningCheck } from '../streamRegistry';

export interface FanOutDeps {
  models: Models;
  sequelize: Sequelize;
  bus: NotificationBus;
  logger: Logger;
  /** The actors' icons of the notifications the worker presents (present.ts). */
  storage: Pick<Storage, 'url'>;
  /** Members with an open stream in some process (a worker process's registry); without it, every member made a notification is told. */
  listening?: ListeningCheck;
}

/**
 * What a kind made, by ids, for the worker to present once after the commit (present.ts): a member's
 * notification made or changed, one for every member (an announcement), or a case of the queue changed.
 */
export type Told =
  | { type: 'notification'; userId: number; eventId: number }
  | { type: 'broadcast'; eventId: number }
  | { type: 'case'; eventId: number; caseId: number; change: CaseChange; severe: boolean };

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
 * batch's transaction. Answers what it made, for the worker to present and tell the streams after the commit.
 */
export type FanOutKind<E extends NotificationEvent> = (deps: FanOutDeps, entries: ReadonlyArray<EntryOf<E>>, transaction: Transaction) => Promise<Told[]>;

export const ACTOR_COLUMNS = ['notification_id', 'actor_id', 'created_at'] as const;
