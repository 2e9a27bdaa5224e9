import type { HttpClient } from './httpClient';

export interface StreamEvent {
  event: string;
  id: string | null;
  data: unknown;
  /** performance.now() when the event's block had arrived whole. */
  at: number;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** Every event so far, in order. */
  events: StreamEvent[];
  /** Comment lines (": heartbeat") so far. */
  comments: string[];
  /** The first event named `name` after the first `skip` of them; rejects after `timeoutMs`. */
  next(name: string, options?: { after?: number; timeoutMs?: number; where?: (event: StreamEvent) => boolean }): Promise<StreamEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * An EventSource as a test needs it: GET `path` with `client`'s cookies, parsing the Server-Sent Events
 * as they arrive, so a test can wait for an event (no sleeps) and time it.
 */
export async function openEventStream(client: HttpClient, path = '/api/notifications/stream', headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const url = new URL(path, client.baseUrl);
  const res = await fetch(url, { headers: { accept: 'text/event-stream', cookie: client.cookieHeader(url.pathname), ...headers }, signal: controller.signal });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const listeners = new Set<() => void>();
  let endedResolve: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  let finished = false;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  void (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          let event = 'message';
          let id: string | null = null;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ event, id, data: JSON.parse(data.join('\n')), at: performance.now() });
          notify();
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      finished = true;
      endedResolve();
      notify();
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    ended,
    close: () => controller.abort(),
    next(name, { after = 0, timeoutMs = 5_000, where = () => true } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.filter((event) => event.event === name && where(event))[after];
          if (found) return done(null, found);
          if (finished) done(new Error(`the stream ended before a "${name}" event (got ${events.map((e) => e.event).join(', ') || 'none'})`));
        };
        const timer = setTimeout(() => done(new Error(`no "${name}" event within ${timeoutMs} ms (got ${events.map((e) => e.event).join(', ') || 'none'})`)), timeoutMs);
        function done(error: Error | null, event?: StreamEvent) {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve(event as StreamEvent);
        }
        listeners.add(check);
        check();
      });
    },
  };
}
