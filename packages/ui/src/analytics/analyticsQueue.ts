import { ANALYTICS_LIMITS, type AnalyticsEventName } from '@hiraku/shared';

/**
 * The path of the 'analytics.record' endpoint, written out: importing the endpoint map would put every
 * route into the first paint. A unit test holds it equal to the map.
 */
export const ANALYTICS_RECORD_PATH = '/api/analytics/events';

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  path: string;
}

export interface AnalyticsQueueOptions {
  /** Sends one JSON batch; true when the browser took it (navigator.sendBeacon's answer). */
  send: (body: string) => boolean;
  /** The day's random visitor key, or undefined where nothing may be stored. */
  visitorKey: () => string | undefined;
  /** How long events wait for company before they go (ms). */
  delayMs?: number;
}

export interface AnalyticsQueue {
  track(event: AnalyticsEvent): void;
  /** Sends what is waiting now, e.g. when the page is being hidden or left. */
  flush(): void;
}

/** Events a page view or a save brings rarely come alone: a short wait sends several in one request. */
const DEFAULT_DELAY_MS = 2_000;

/**
 * Batches analytics events (docs/product.md §7) and hands them to `send` at most ANALYTICS_LIMITS.batchMax
 * at a time: after a short wait, at once when a batch is full, and whenever `flush` is called. A batch
 * the browser refuses is dropped: analytics never gets in a member's way.
 */
export function createAnalyticsQueue({ send, visitorKey, delayMs = DEFAULT_DELAY_MS }: AnalyticsQueueOptions): AnalyticsQueue {
  let waiting: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    while (waiting.length > 0) {
      const events = waiting.slice(0, ANALYTICS_LIMITS.batchMax);
      waiting = waiting.slice(ANALYTICS_LIMITS.batchMax);
      const key = visitorKey();
      send(JSON.stringify(key ? { visitorKey: key, events } : { events }));
    }
  }

  return {
    track(event) {
      waiting.push({ name: event.name, path: event.path.slice(0, ANALYTICS_LIMITS.pathMax) });
      if (waiting.length >= ANALYTICS_LIMITS.batchMax) flush();
      else timer ??= setTimeout(flush, delayMs);
    },
    flush,
  };
}
