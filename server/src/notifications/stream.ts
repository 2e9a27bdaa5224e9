import type { NamedCache } from '../cache/namedCache';
import { ENDPOINTS, NOTIFICATION_HEARTBEAT_SEC, NOTIFICATION_LIMITS, type NotificationItem } from '@hiraku/shared';
import type { Context } from 'koa';
import { Op, QueryTypes } from 'sequelize';
import { verifyAccessToken } from '../auth/accessToken';
import { hasSecondFactor } from '../auth/secondFactor';
import { readAccessCookie } from '../auth/sessionCookies';
import type { SessionMember } from '../auth/sessions';
import { sqlDateTime } from '../db/connection';
import type { Logger } from '../logger';
import { isOperator } from '../policies/viewer';
import type { BusMessage, NotificationBus } from './bus';
import { loadSettings, settingsOf } from './settings';
import { addressGroup, type StreamGroup, type StreamRegistry } from './streamRegistry';
import { newestEventId, noteVisit, notificationsAfter, presentNotifications, unreadCount, unreadCounts, type StoreDeps } from './store';

type StreamEvents = (typeof ENDPOINTS)['notifications.stream']['stream']['events'];
type EventName = keyof StreamEvents;

interface Connection {
  userId: number;
  /** The session (refresh token family) the stream was opened with: it ends with it. */
  familyId: string;
  role: SessionMember['role'];
  /** An operator with two-factor sign-in, as every operator endpoint requires: told about the case queue. */
  caseWatcher: boolean;
  address: string;
  /** Event ids already written (a resume after a bus outage may read some again); the newest few. */
  sent: Set<number>;
  /** The newest event written: Last-Event-ID, or the newest event when it opened, then each written. */
  lastEventId: number;
  /**
   * lastEventId when the bus stopped listening, until the read back after it resumes: what the bus
   * carries once it reconnects may be written before that read and be newer than what it missed.
   */
  resumeFrom: number | null;
  /**
   * lastEventId when the registry last held it (counted at opening, found at a heartbeat); null until its
   * first read, which covers what came before. Redis may lose it (a restart); the worker then leaves its
   * member out (present.ts), so the count that finds it gone reads back from here.
   */
  heldSince: number | null;
  /** Its id among the member's streams of every process (with a registry). */
  streamId: string;
  /** When it opened (ms): its place among the member's streams of every process. */
  openedAt: number;
  send<E extends EventName>(event: E, data: unknown, id?: number): void;
  close(): void;
}

/** How many written event ids a stream remembers to write none twice. */
const SENT_MEMORY = 200;
/** Families checked per statement by the session watch. */
const SESSION_CHECK_BATCH = 500;

export interface StreamHubOptions {
  /** Check every event's data against its declared schema (development and tests). */
  checkEvents: boolean;
  heartbeatMs?: number;
  /** How often open streams' sessions are checked (ended, suspended, role changed). */
  sessionCheckMs?: number;
  /** RATE_LIMIT_FACTOR: scales the per-address cap like every per-address limit. */
  rateLimitFactor?: number;
  sessionKey: Buffer;
  logger: Logger;
  /** The app's named cache of visit marks (noteVisit). */
  visitMarks: NamedCache<number>;
  /**
   * With several API processes (Redis): the member's streams counted across all of them, so the cap is the
   * deployment's. Without, each process counts its own, which is all of them when there is one.
   */
  registry?: StreamRegistry;
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
 * (by a worker, in another process) comes presented (present.ts) and is written as it is to each of the
 * member's streams with its outbox id as the event id, so a reconnecting EventSource resumes after it
 * (Last-Event-ID); only an announcement reads, for all the process's streams at once.
 */
export function createStreamHub(deps: StoreDeps, bus: NotificationBus, options: StreamHubOptions): NotificationStreamHub {
  const byUser = new Map<number, Set<Connection>>();
  const byAddress = new Map<string, Set<Connection>>();
  /** By registry id: a process told to close a stream over the cap finds it here. */
  const byStreamId = new Map<string, Connection>();
  const registry = options.registry;
  const caseWatchers = new Set<Connection>();
  const events = ENDPOINTS['notifications.stream'].stream.events;
  const heartbeatMs = options.heartbeatMs ?? NOTIFICATION_HEARTBEAT_SEC * 1000;
  const perAddress = Math.max(1, Math.floor(NOTIFICATION_LIMITS.streamsPerAddress * (options.rateLimitFactor ?? 1)));

  /** Writes a notification once per stream, whichever way it came (the bus, or a read back after an outage). */
  const sendNotification = (connection: Connection, item: NotificationItem, eventId: number) => {
    if (connection.sent.has(eventId)) return false;
    connection.sent.add(eventId);
    if (connection.sent.size > SENT_MEMORY) connection.sent.delete(connection.sent.values().next().value as number);
    connection.lastEventId = Math.max(connection.lastEventId, eventId);
    connection.send('notification', item, eventId);
    return true;
  };

  const sendUnread = async (userId: number) => {
    const connections = byUser.get(userId);
    if (!connections) return;
    const count = await unreadCount(deps, userId);
    for (const connection of connections) connection.send('unread', { count });
  };

  /** A member's notification, presented by the worker: written as it came, no statement. */
  const deliver = (message: Extract<BusMessage, { type: 'notification' }>) => {
    for (const connection of byUser.get(message.userId) ?? []) {
      if (sendNotification(connection, message.item, message.eventId)) connection.send('unread', { count: message.unread });
    }
  };

  /**
   * An announcement to every member: the item came presented; each connected member's own row id, switch
   * and unread count are read for all of this process's streams at once, three statements whatever their
   * number (issue 34: it was three per member).
   */
  const deliverBroadcast = async (message: Extract<BusMessage, { type: 'broadcast' }>) => {
    const userIds = [...byUser.keys()];
    if (userIds.length === 0) return;
    const settings = await settingsOf(deps.sequelize, userIds);
    const listening = new Map([...settings].filter(([, value]) => value[message.item.kind]?.inApp));
    if (listening.size === 0) return;
    const rows = await deps.models.Notification.findAll({
      where: { eventId: message.eventId, userId: { [Op.in]: [...listening.keys()] } },
      attributes: ['id', 'userId', 'readAt'],
    });
    const counts = await unreadCounts(deps, listening);
    for (const row of rows) {
      const userId = Number(row.userId);
      const item = { ...message.item, id: Number(row.id), read: row.readAt !== null };
      for (const connection of byUser.get(userId) ?? []) {
        if (sendNotification(connection, item, message.eventId)) connection.send('unread', { count: counts.get(userId) ?? 0 });
      }
    }
  };

  /** What a stream missed since `after`, written once (a newer one already written is not again), then the unread count. */
  const catchUp = async (connection: Connection, after = connection.lastEventId) => {
    const settings = await loadSettings(deps.sequelize, connection.userId);
    const missed = await notificationsAfter(deps, connection.userId, after, settings);
    const items = await presentNotifications(deps, missed);
    items.forEach((item, index) => sendNotification(connection, item, Number(missed[index]?.eventId)));
    connection.send('unread', { count: await unreadCount(deps, connection.userId, settings) });
  };

  const allConnections = () => [...byUser.values()].flatMap((set) => [...set]);
  /** Streams past their first read: one still opening reads from the database what came before it anyway. */
  const openedConnections = () => allConnections().filter((connection) => connection.heldSince !== null);

  /**
   * Streams read back from the database what they may have missed, each from its point, in turn (an
   * outage with many open streams is not followed by all their reads at once).
   */
  const readBack = async (points: ReadonlyMap<Connection, number>) => {
    for (const [connection, after] of points) if (byUser.get(connection.userId)?.has(connection)) await catchUp(connection, after);
  };

  /**
   * The sessions behind the open streams, read again every `sessionCheckMs` in one statement per
   * SESSION_CHECK_BATCH sessions: a stream whose session ended (signed out, revoked, expired), whose
   * member was suspended or deleted, or whose role or two-factor changed is told to refresh and closed,
   * so it never carries on with what its member may no longer receive. Read rather than told over the
   * bus: every way a session ends (another process, the CLI, a reset, a reuse) is seen, with nothing to
   * publish that a new path could forget (docs/decisions.md).
   */
  const checkSessions = async () => {
    const connections = allConnections();
    const families = [...new Set(connections.map((connection) => connection.familyId))];
    const live = new Map<string, { role: SessionMember['role']; twoFactor: boolean; userId: number }>();
    const now = sqlDateTime(deps.sequelize, new Date());
    for (let start = 0; start < families.length; start += SESSION_CHECK_BATCH) {
      // The second factor as auth/secondFactor.ts reads it: a code, or a passkey.
      const rows = await deps.sequelize.query<{ family_id: string; user_id: number | string; role: SessionMember['role']; second_factor: number | string | boolean }>(
        `SELECT DISTINCT rt.family_id, u.id AS user_id, u.role,
                (u.totp_enabled_at IS NOT NULL OR EXISTS (SELECT 1 FROM \`passkeys\` AS pk WHERE pk.user_id = u.id)) AS second_factor
           FROM \`refresh_tokens\` AS rt JOIN \`users\` AS u ON u.id = rt.user_id
          WHERE rt.family_id IN (:families) AND rt.revoked_at IS NULL AND rt.family_expires_at > :now AND u.suspended_at IS NULL`,
        { replacements: { families: families.slice(start, start + SESSION_CHECK_BATCH), now }, type: QueryTypes.SELECT },
      );
      for (const row of rows) live.set(row.family_id, { role: row.role, twoFactor: Number(row.second_factor) === 1 || row.second_factor === true, userId: Number(row.user_id) });
    }
    for (const connection of connections) {
      const session = live.get(connection.familyId);
      const unchanged =
        session !== undefined &&
        session.userId === connection.userId &&
        session.role === connection.role &&
        (isOperator({ id: session.userId, role: session.role }) && session.twoFactor) === connection.caseWatcher;
      if (unchanged) continue;
      connection.send('refresh', { reason: 'session' });
      connection.close();
    }
  };
  let checking = false;
  const sessionWatch = setInterval(() => {
    if (checking || byUser.size === 0) return;
    checking = true;
    checkSessions()
      .catch((error: unknown) => options.logger.warn({ err: error }, '通知ストリームのセッションを確認できませんでした'))
      .finally(() => (checking = false));
  }, options.sessionCheckMs ?? 500);
  sessionWatch.unref();

  /** Keeps at most `max` streams in `set` once `incoming` joins it: the oldest are told and closed. */
  const makeRoom = (set: Set<Connection> | undefined, max: number) => {
    if (!set) return;
    for (const oldest of [...set].slice(0, Math.max(0, set.size - max + 1))) closeForRoom(oldest);
  };

  /** The final word to a stream over a cap, then its end. */
  const closeForRoom = (connection: Connection) => {
    connection.send('closed', { reason: 'too_many_streams' });
    connection.close();
  };

  /** Closes those of `streamIds` this process holds, over a cap; answers the ids held by other processes. */
  const closeHeld = (streamIds: readonly string[]): string[] =>
    streamIds.filter((streamId) => {
      const held = byStreamId.get(streamId);
      if (held) closeForRoom(held);
      return !held;
    });

  /** What a stream counts in across processes, with each one's cap: its member's streams and its address's. */
  const capsOf = (connection: Connection): Array<[StreamGroup, number]> => [
    [connection.userId, NOTIFICATION_LIMITS.streamsPerMember],
    [addressGroup(connection.address), perAddress],
  ];

  /**
   * Counts a new stream among its member's and its address's streams in every process: the oldest beyond
   * either cap are closed here when this process holds them, otherwise by the process that does, told
   * over the bus. After the process's own count (makeRoom), which stays exact and immediate for the
   * streams it holds.
   */
  const makeRoomEverywhere = async (connection: Connection) => {
    if (!registry) return;
    const caps = capsOf(connection);
    const closing = (await Promise.all(caps.map(([group, max]) => registry.join(group, connection.streamId, connection.openedAt, max)))).flat();
    // Ended while it was being counted (its leave may have come first): not counted any longer.
    if (!byStreamId.has(connection.streamId)) await Promise.all(caps.map(([group]) => registry.leave(group, connection.streamId)));
    const elsewhere = closeHeld([...new Set(closing)]);
    if (elsewhere.length > 0) await bus.publish({ type: 'streamsClose', streamIds: elsewhere });
  };

  /**
   * Every stream of this process counted again (none: the process still says its count is there).
   * Answers those Redis had lost, each with where its read back starts (heldSince): while it was not
   * counted, the worker may have left its member out.
   */
  const countAll = async (): Promise<Map<Connection, number>> => {
    if (!registry) return new Map();
    const counted = (set: Set<Connection>) => [...set].map(({ streamId, openedAt }) => ({ streamId, openedAt }));
    const streams = new Map<StreamGroup, ReturnType<typeof counted>>();
    for (const [userId, set] of byUser) streams.set(userId, counted(set));
    for (const [address, set] of byAddress) streams.set(addressGroup(address), counted(set));
    const before = new Map(openedConnections().map((connection) => [connection, connection.lastEventId]));
    const lost = await registry.touch(streams).catch(() => null);
    if (!lost) return new Map();
    const forgotten = new Map<Connection, number>();
    for (const [connection, lastEventId] of before) {
      if (lost.has(connection.userId) && connection.heldSince !== null) forgotten.set(connection, connection.heldSince);
      connection.heldSince = lastEventId;
    }
    return forgotten;
  };
  const heartbeatCount = () =>
    countAll()
      .then(readBack)
      .catch((error: unknown) => options.logger.warn({ err: error }, '通知ストリームの読み直しに失敗しました'));
  // One heartbeat for all the process's streams: the registry forgets those of a process that stopped.
  const registryBeat = registry ? setInterval(() => void heartbeatCount(), heartbeatMs) : undefined;
  // At once too: until a process has said so, the worker cannot tell who listens and tells everyone.
  void heartbeatCount();
  registryBeat?.unref();

  /** A case event with the queue's counts the worker read once: written to every operator's stream. */
  const deliverCase = (message: Extract<BusMessage, { type: 'case' }>) => {
    const data = { caseId: message.caseId, change: message.change, severe: message.severe, counts: message.counts };
    for (const connection of caseWatchers) connection.send('case', data, message.eventId);
  };

  const onMessage = (message: BusMessage) => {
    let work: Promise<void> = Promise.resolve();
    try {
      if (message.type === 'case') deliverCase(message);
      else if (message.type === 'notification') deliver(message);
      else if (message.type === 'broadcast') work = deliverBroadcast(message);
      else if (message.type === 'unread') work = sendUnread(message.userId);
      else if (message.type === 'streamsClose') closeHeld(message.streamIds);
      // Anything else on the bus (the caches' changes) is not for streams.
    } catch (error) {
      work = Promise.reject(error);
    }
    work.catch((error: unknown) => options.logger.warn({ err: error }, '通知をストリームに書けませんでした'));
  };
  const unsubscribe = bus.subscribe(onMessage);
  let busLost = false;
  const stopLost = bus.onLost(() => {
    busLost = true;
    for (const connection of openedConnections()) connection.resumeFrom ??= connection.lastEventId;
  });
  const stopResume = bus.onResume(() => {
    busLost = false;
    // Where each stream was when the bus stopped listening, taken now: a loss during the read back starts another.
    const points = new Map(openedConnections().map((connection) => [connection, connection.resumeFrom ?? connection.lastEventId]));
    for (const connection of points.keys()) connection.resumeFrom = null;
    // Redis may be back empty: the streams are counted again first (the worker tells only members it
    // finds there: present.ts), then every one reads back what it missed.
    countAll()
      .then((forgotten) => readBack(new Map([...points].map(([connection, after]) => [connection, Math.min(after, forgotten.get(connection) ?? after)]))))
      .catch((error: unknown) => options.logger.warn({ err: error }, '通知ストリームの再開に失敗しました'));
  });

  return {
    size: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
    close() {
      unsubscribe();
      stopLost();
      stopResume();
      clearInterval(sessionWatch);
      if (registryBeat) clearInterval(registryBeat);
      for (const set of byUser.values()) for (const connection of [...set]) connection.close();
      byUser.clear();
      byAddress.clear();
      byStreamId.clear();
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
        familyId: claims?.familyId ?? '',
        role: user.role,
        caseWatcher,
        address: ctx.ip,
        sent: new Set(),
        lastEventId: Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : 0,
        resumeFrom: null,
        heldSince: null,
        streamId: registry?.newId() ?? '',
        openedAt: Date.now(),
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
      makeRoom(byUser.get(user.id), NOTIFICATION_LIMITS.streamsPerMember);
      makeRoom(byAddress.get(connection.address), perAddress);
      const set = byUser.get(user.id) ?? new Set<Connection>();
      set.add(connection);
      byUser.set(user.id, set);
      const fromAddress = byAddress.get(connection.address) ?? new Set<Connection>();
      fromAddress.add(connection);
      byAddress.set(connection.address, fromAddress);
      if (connection.caseWatcher) caseWatchers.add(connection);
      if (registry) byStreamId.set(connection.streamId, connection);

      function finish() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        caseWatchers.delete(connection);
        const mine = byUser.get(user.id);
        mine?.delete(connection);
        if (mine && mine.size === 0) byUser.delete(user.id);
        const sameAddress = byAddress.get(connection.address);
        sameAddress?.delete(connection);
        if (sameAddress && sameAddress.size === 0) byAddress.delete(connection.address);
        if (registry) {
          byStreamId.delete(connection.streamId);
          for (const [group] of capsOf(connection)) registry.leave(group, connection.streamId).catch(() => undefined);
        }
        if (!res.writableEnded) res.end();
      }
      res.on('close', finish);

      // First the client's retry pause, then what it missed (on a resume) and the unread count. A new
      // stream starts from the member's newest event, so a bus outage from now on is read back from there.
      // It is in the registry before anything is read: the worker tells only members it finds there
      // (present.ts), so a notification made before it looked is in what is read here.
      await makeRoomEverywhere(connection).catch((error: unknown) => options.logger.warn({ err: error }, '他のプロセスの通知ストリームを閉じられませんでした'));
      write('retry: 3000\n\n');
      const resuming = connection.lastEventId > 0;
      const startsAfter = resuming ? connection.lastEventId : await newestEventId(deps, user.id);
      // Set before anything else is awaited: a resume or a count from now on reads back from here.
      connection.lastEventId = Math.max(connection.lastEventId, startsAfter);
      connection.heldSince = startsAfter;
      // Opened while the bus is not listening: its read back on the resume starts where it began.
      if (busLost) connection.resumeFrom ??= startsAfter;
      if (resuming) await catchUp(connection, startsAfter);
      else connection.send('unread', { count: await unreadCount(deps, user.id) });
      await noteVisit(deps.sequelize, options.visitMarks, user.id);
    },
  };
}
