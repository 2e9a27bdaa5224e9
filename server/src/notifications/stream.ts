import { ENDPOINTS, NOTIFICATION_HEARTBEAT_SEC, type NotificationItem } from '@hiraku/shared';
import type { Context } from 'koa';
import { verifyAccessToken } from '../auth/accessToken';
import { hasSecondFactor } from '../auth/secondFactor';
import { readAccessCookie } from '../auth/sessionCookies';
import type { SessionMember } from '../auth/sessions';
import { loadCaseCounts } from '../commands/moderation/caseCounts';
import type { Logger } from '../logger';
import { isOperator } from '../policies/viewer';
import type { BusMessage, NotificationBus } from './bus';
import { loadSettings } from './settings';
import { noteVisit, notificationsAfter, notificationsOfEvent, presentNotifications, unreadCount, type StoreDeps } from './store';

type StreamEvents = (typeof ENDPOINTS)['notifications.stream']['stream']['events'];
type EventName = keyof StreamEvents;

interface Connection {
  userId: number;
  /** An operator with two-factor sign-in, as every operator endpoint requires: told about the case queue. */
  caseWatcher: boolean;
  send<E extends EventName>(event: E, data: unknown, id?: number): void;
  close(): void;
}

export interface StreamHubOptions {
  /** Check every event's data against its declared schema (development and tests). */
  checkEvents: boolean;
  heartbeatMs?: number;
  sessionKey: Buffer;
  logger: Logger;
}

export interface NotificationStreamHub {
  /** Takes the request over as an event stream for `user` (the notifications.stream endpoint). */
  open(ctx: Context, user: SessionMember): Promise<void>;
  /** Open streams in this process. */
  size(): number;
  /** Ends every stream (shutdown), so the HTTP server can close. */
  close(): void;
}

/**
 * The streams this API process holds, by member. It listens to the bus: a notification made anywhere
 * (by a worker, in another process) is read here once and written to each of the member's streams
 * with its outbox id as the event id, so a reconnecting EventSource resumes after it (Last-Event-ID).
 */
export function createStreamHub(deps: StoreDeps, bus: NotificationBus, options: StreamHubOptions): NotificationStreamHub {
  const byUser = new Map<number, Set<Connection>>();
  const caseWatchers = new Set<Connection>();
  const events = ENDPOINTS['notifications.stream'].stream.events;
  const heartbeatMs = options.heartbeatMs ?? NOTIFICATION_HEARTBEAT_SEC * 1000;

  const sendUnread = async (userId: number) => {
    const connections = byUser.get(userId);
    if (!connections) return;
    const count = await unreadCount(deps, userId);
    for (const connection of connections) connection.send('unread', { count });
  };

  const deliver = async (userIds: number[], eventId: number) => {
    const rows = await notificationsOfEvent(deps, userIds, eventId);
    for (const row of rows) {
      const connections = byUser.get(Number(row.userId));
      if (!connections) continue;
      const settings = await loadSettings(deps.sequelize, Number(row.userId));
      if (!settings[row.kind as keyof typeof settings]?.inApp) continue;
      const [item] = await presentNotifications(deps, [row]);
      if (!item) continue;
      const count = await unreadCount(deps, Number(row.userId), settings);
      for (const connection of connections) {
        connection.send('notification', item, eventId);
        connection.send('unread', { count });
      }
    }
  };

  /** The queue's counts read once for every operator's stream of this process. */
  const deliverCase = async (message: Extract<BusMessage, { type: 'case' }>) => {
    if (caseWatchers.size === 0) return;
    const counts = await loadCaseCounts(deps.sequelize);
    const data = { caseId: message.caseId, change: message.change, severe: message.severe, counts };
    for (const connection of caseWatchers) connection.send('case', data, message.eventId);
  };

  const onMessage = (message: BusMessage) => {
    let work: Promise<void>;
    if (message.type === 'case') work = deliverCase(message);
    else if (message.type === 'notification') work = byUser.has(message.userId) ? deliver([message.userId], message.eventId) : Promise.resolve();
    else if (message.type === 'broadcast') work = byUser.size > 0 ? deliver([...byUser.keys()], message.eventId) : Promise.resolve();
    else work = sendUnread(message.userId);
    work.catch((error: unknown) => options.logger.warn({ err: error }, '通知をストリームに書けませんでした'));
  };
  const unsubscribe = bus.subscribe(onMessage);

  return {
    size: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
    close() {
      unsubscribe();
      for (const set of byUser.values()) for (const connection of set) connection.close();
      byUser.clear();
      caseWatchers.clear();
    },
    async open(ctx, user) {
      const claims = verifyAccessToken(readAccessCookie(ctx) ?? '', options.sessionKey);
      const expiresInMs = claims ? claims.exp * 1000 - Date.now() : 0;
      const lastEventId = Number(ctx.get('Last-Event-ID') || NaN);
      // Read before the stream starts: the case events go to operators with a second factor (code or passkey).
      const caseWatcher = isOperator(user) && (await hasSecondFactor(deps.models, user));

      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.req.socket.setKeepAlive(true);
      ctx.status = 200;
      ctx.type = 'text/event-stream; charset=utf-8';
      // nginx (and other proxies) pass the stream on as it is written (docs/deployment.md).
      ctx.set('X-Accel-Buffering', 'no');
      ctx.set('Connection', 'keep-alive');
      // The stream is written to the socket directly, not as a body Koa pipes: a client going away is the
      // normal end of a stream, not an error to report. The headers set so far (security, cookies) go now.
      ctx.respond = false;
      const res = ctx.res;
      res.flushHeaders();

      let closed = false;
      const write = (text: string) => {
        if (!closed && !res.writableEnded) res.write(text);
      };
      const connection: Connection = {
        userId: user.id,
        caseWatcher,
        send(event, data, id) {
          if (options.checkEvents) {
            const checked = events[event].safeParse(data);
            if (!checked.success) throw new Error(`event ${String(event)} of notifications.stream breaks its declaration: ${checked.error.message}`);
          }
          write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${String(event)}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        close: () => finish(),
      };
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
      // The access token runs out: tell the client to refresh its session and connect again.
      const expiry = setTimeout(() => {
        connection.send('refresh', { reason: 'expired' });
        finish();
      }, Math.max(expiresInMs, 0));
      const set = byUser.get(user.id) ?? new Set<Connection>();
      set.add(connection);
      byUser.set(user.id, set);
      if (connection.caseWatcher) caseWatchers.add(connection);

      function finish() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        caseWatchers.delete(connection);
        const mine = byUser.get(user.id);
        mine?.delete(connection);
        if (mine && mine.size === 0) byUser.delete(user.id);
        if (!res.writableEnded) res.end();
      }
      res.on('close', finish);

      // First the client's retry pause, then what it missed (on a resume) and the unread count.
      write('retry: 3000\n\n');
      const settings = await loadSettings(deps.sequelize, user.id);
      if (Number.isSafeInteger(lastEventId) && lastEventId > 0) {
        const missed = await notificationsAfter(deps, user.id, lastEventId, settings);
        const items: NotificationItem[] = await presentNotifications(deps, missed);
        items.forEach((item, index) => connection.send('notification', item, Number(missed[index]?.eventId)));
      }
      connection.send('unread', { count: await unreadCount(deps, user.id, settings) });
      await noteVisit(deps.sequelize, user.id);
    },
  };
}
