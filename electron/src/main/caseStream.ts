import { NOTIFICATION_HEARTBEAT_SEC, notificationStreamEventSchemas, type HostResult } from '@hiraku/shared';
import type { StreamAnswer } from './proxy/requestProxy';
import { PENDING_REPORTS_PATH, readPendingReports, type CaseAlerts } from './caseAlerts';
import { SseParser } from './sseParser';

/** Two heartbeats missed (the server writes one every 25 s) and a margin: the connection is dead. */
export const STREAM_HEARTBEAT_TIMEOUT_MS = (NOTIFICATION_HEARTBEAT_SEC * 2 + 10) * 1000;
/** Pauses between failed attempts: doubling from the first, at most the old poller's minute, with jitter. */
export const STREAM_BACKOFF = { minMs: 1_000, maxMs: 60_000 } as const;

/** The pause after `failures` failed attempts in a row (1 or more): doubling, capped, then 50-100 % of it. */
export function retryDelayMs(failures: number, backoff: { minMs: number; maxMs: number }, random: () => number): number {
  return Math.min(backoff.maxMs, backoff.minMs * 2 ** Math.min(Math.max(failures - 1, 0), 20)) * (0.5 + random() * 0.5);
}

export type CaseStreamState = 'connected' | 'waiting' | 'signedOut' | 'off' | 'stopped';

export interface CaseStreamOptions {
  /** The session's event stream (the proxy's openStream); null when the server cannot be reached. */
  open: (request: { lastEventId: string | null; signal: AbortSignal }) => Promise<StreamAnswer | null>;
  /** Renews the session through the proxy (the stream's `refresh` event, or a 401). */
  refresh: () => Promise<boolean>;
  /** A call through the proxy: the case queue's first page is read at start and after each gap. */
  call: (request: { method: 'GET'; path: string; query: [string, string][] }) => Promise<HostResult>;
  /** The menu's 新しい通報を通知する, and a server chosen. */
  enabled: () => boolean;
  alerts: CaseAlerts;
  heartbeatTimeoutMs?: number;
  backoff?: { minMs: number; maxMs: number };
  random?: () => number;
  /** Each change of state (tests wait on it; the app logs nothing). */
  onState?: (state: CaseStreamState) => void;
}

export interface CaseStream {
  start(): void;
  /**
   * Something changed (signed in, switched on or off): a pause between attempts ends now; a stream
   * switched off is closed.
   */
  kick(): void;
  stop(): Promise<void>;
}

type Outcome = 'lost' | 'refresh' | 'unauthorized' | 'signedOut' | 'closed';
const caseEventSchema = notificationStreamEventSchemas.case;

/**
 * The desktop app's line to the case queue, in the main process, which holds the session:
 * the badge and the native notification of severe and overdue cases come from the `case` events of
 * the session's notification stream. Each (re)connection first reads the queue's first page, so the
 * badge is right and nothing severe is missed after a gap; the stream resumes with Last-Event-ID,
 * renews the session on its `refresh` event (and on a 401) and connects again at once, treats two
 * missed heartbeats as a dead connection, and after failures waits with a growing pause (at most a
 * minute). That pause is the fallback: a server or proxy whose stream keeps failing still has its
 * first page read at each attempt, as often as the minute poller this replaces.
 */
export function createCaseStream(options: CaseStreamOptions): CaseStream {
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? STREAM_HEARTBEAT_TIMEOUT_MS;
  const backoff = options.backoff ?? STREAM_BACKOFF;
  const random = options.random ?? Math.random;
  const { alerts } = options;
  let stopped = false;
  let failures = 0;
  let lastEventId: string | null = null;
  let current: AbortController | null = null;
  let wakeUp: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  /** The last attempt got its stream (200), whatever ended it. */
  let streamed = false;

  const setState = (state: CaseStreamState) => options.onState?.(state);

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const retryDelay = () => retryDelayMs(failures, backoff, random);

  /** The badge (and what was missed) from the queue itself. */
  async function readQueue(): Promise<'ok' | 'signedOut' | 'failed'> {
    const result = await options.call({ method: 'GET', path: PENDING_REPORTS_PATH, query: [['status', 'open']] });
    if (result.kind !== 'response') return 'failed';
    // The proxy has already tried a refresh on a 401; a 400 is "no server chosen".
    if (result.status === 400 || result.status === 401 || result.status === 403) return 'signedOut';
    const pending = result.status === 200 ? readPendingReports(result.body) : null;
    if (!pending) return 'failed';
    alerts.fromQueue(pending);
    return 'ok';
  }

  async function connectOnce(): Promise<Outcome> {
    const controller = new AbortController();
    current = controller;
    let outcome: Outcome = 'lost';
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    try {
      const answer = await options.open({ lastEventId, signal: controller.signal });
      if (!answer) return 'lost';
      if (answer.status !== 200 || !answer.body) {
        await answer.body?.cancel().catch(() => undefined);
        return answer.status === 401 ? 'unauthorized' : answer.status === 403 ? 'signedOut' : 'lost';
      }
      const arm = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => controller.abort(), heartbeatTimeoutMs);
      };
      arm();
      streamed = true;
      setState('connected');
      const parser = new SseParser({
        onEvent(event) {
          if (event.id !== null) lastEventId = event.id;
          if (event.event === 'refresh') {
            outcome = 'refresh';
            controller.abort();
          } else if (event.event === 'closed') {
            // Too many streams for this member or address: a quick reconnect would only close another.
            outcome = 'closed';
            controller.abort();
          } else if (event.event === 'case') {
            let data: unknown;
            try {
              data = JSON.parse(event.data);
            } catch {
              return;
            }
            const parsed = caseEventSchema.safeParse(data);
            if (parsed.success) alerts.fromEvent(parsed.data);
          }
        },
      });
      const reader = answer.body.getReader();
      // Ends a read in progress whatever the fetch does with the signal (undici may leave it waiting).
      controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          // The server answered and writes: the next failure starts the pauses from the shortest again.
          failures = 0;
          arm();
          parser.feed(decoder.decode(value, { stream: true }));
        }
      } catch {
        // Aborted: a refresh event, the watchdog, kick() or stop().
      } finally {
        await reader.cancel().catch(() => undefined);
      }
      return outcome;
    } catch {
      return 'lost';
    } finally {
      clearTimeout(watchdog);
      current = null;
    }
  }

  async function run(): Promise<void> {
    let renewedWithoutStream = false;
    while (!stopped) {
      if (!options.enabled()) {
        alerts.reset();
        setState('off');
        await pause(2 ** 31 - 1);
        continue;
      }
      const queue = await readQueue();
      if (stopped) break;
      if (queue === 'signedOut') {
        alerts.reset();
        setState('signedOut');
        // Signing in kicks; the longest pause is only for a session renewed elsewhere.
        await pause(backoff.maxMs);
        continue;
      }
      if (queue === 'failed') {
        failures += 1;
        setState('waiting');
        await pause(retryDelay());
        continue;
      }
      streamed = false;
      const outcome = await connectOnce();
      if (stopped) break;
      if (streamed) renewedWithoutStream = false;
      // Switched off (kick() closed it): the loop's first step clears the badge.
      if (!options.enabled()) continue;
      if (outcome === 'refresh' || outcome === 'unauthorized') {
        // Renewed, then at once again; renewed twice with no stream between: something else is wrong.
        if (!renewedWithoutStream && (await options.refresh())) {
          renewedWithoutStream = true;
          continue;
        }
        renewedWithoutStream = false;
        alerts.reset();
        setState('signedOut');
        await pause(backoff.maxMs);
        continue;
      }
      if (outcome === 'closed') {
        setState('waiting');
        await pause(backoff.maxMs);
        continue;
      }
      if (outcome === 'signedOut') {
        alerts.reset();
        setState('signedOut');
        await pause(backoff.maxMs);
        continue;
      }
      failures += 1;
      setState('waiting');
      await pause(retryDelay());
    }
    setState('stopped');
  }

  return {
    start() {
      loop ??= run();
    },
    kick() {
      if (!options.enabled()) current?.abort();
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      current?.abort();
      wakeUp?.();
      await loop;
    },
  };
}
