import type { CaseStreamEvent, HostResult } from '@hiraku/shared';
import { createCaseAlerts } from './caseAlerts';
import { createCaseStream, retryDelayMs, STREAM_HEARTBEAT_TIMEOUT_MS, type CaseStreamOptions, type CaseStreamState } from './caseStream';
import type { StreamAnswer } from './proxy/requestProxy';

const encoder = new TextEncoder();
const emptyQueue: HostResult = { kind: 'response', status: 200, body: { items: [], nextCursor: null, counts: { open: 4, overdue: 0, severeOpen: 0 } } };
const caseEvent = (id: number, data: CaseStreamEvent) => `id: ${id}\nevent: case\ndata: ${JSON.stringify(data)}\n\n`;

/** The server's side of the fake: each attempt's answer, and the open streams to write to. */
interface Attempt {
  lastEventId: string | null;
  write(text: string): void;
  end(): void;
  aborted: Promise<void>;
}

/**
 * The stream client with Electron and the network faked at its boundary: `open` hands out streams the
 * test writes to (or the statuses queued in `answers`), the alerts are the real ones.
 */
function setUp(extra: Partial<CaseStreamOptions> & { answers?: Array<number | null>; queue?: HostResult[] } = {}) {
  const attempts: Attempt[] = [];
  const states: CaseStreamState[] = [];
  const stateWaiters = new Set<() => void>();
  const answers = extra.answers ?? [];
  const queue = extra.queue ?? [];
  let enabled = true;
  const open = jest.fn(async ({ lastEventId, signal }: { lastEventId: string | null; signal: AbortSignal }): Promise<StreamAnswer | null> => {
    const status = answers.length > 0 ? answers.shift() : 200;
    if (status === null) return null;
    if (status !== 200) return { status: status ?? 500, body: null };
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const aborted = new Promise<void>((resolve) =>
      signal.addEventListener('abort', () => {
        try {
          controller?.error(new Error('aborted'));
        } catch {
          // Already closed.
        }
        resolve();
      }),
    );
    attempts.push({ lastEventId, write: (text) => controller?.enqueue(encoder.encode(text)), end: () => controller?.close(), aborted });
    return { status: 200, body };
  });
  const call = jest.fn(async () => queue.shift() ?? emptyQueue);
  const refresh = jest.fn(async () => true);
  const showCount = jest.fn();
  const notify = jest.fn();
  const stream = createCaseStream({
    open,
    refresh,
    call,
    enabled: () => enabled,
    alerts: createCaseAlerts({ showCount, notify }, { gatherMs: 0 }),
    backoff: { minMs: 5, maxMs: 40 },
    onState: (state) => {
      states.push(state);
      for (const waiter of stateWaiters) waiter();
    },
    ...extra,
  });
  /** Resolves once `state` has been reached `times` times in all. */
  const reached = (state: CaseStreamState, times = 1) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (states.filter((s) => s === state).length < times) return;
        stateWaiters.delete(check);
        resolve();
      };
      stateWaiters.add(check);
      check();
    });
  return { stream, open, call, refresh, showCount, notify, attempts, states, reached, switchTo: (value: boolean) => (enabled = value) };
}

describe('the case stream of the desktop main process', () => {
  const running: Array<{ stop(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((stream) => stream.stop()));
  });
  const started = <T extends { stream: { start(): void; stop(): Promise<void> } }>(setup: T) => {
    running.push(setup.stream);
    setup.stream.start();
    return setup;
  };

  it('reads the queue first, then tells a severe case from its event, and resumes after the last event id with the queue read again', async () => {
    const { call, open, attempts, reached, notify, showCount } = started(setUp());
    await reached('connected');
    expect(call).toHaveBeenCalledWith({ method: 'GET', path: '/api/moderation/cases', query: [['status', 'open']] });
    expect(showCount).toHaveBeenLastCalledWith(4);
    expect(attempts[0]?.lastEventId).toBeNull();

    attempts[0]?.write('retry: 3000\n\nevent: unread\ndata: {"count":0}\n\n');
    attempts[0]?.write(caseEvent(41, { caseId: 9, change: 'opened', severe: true, counts: { open: 5, overdue: 0, severeOpen: 1 } }));
    attempts[0]?.write(caseEvent(42, { caseId: 10, change: 'opened', severe: false, counts: { open: 6, overdue: 0, severeOpen: 1 } }));
    // Not a case event of this version: ignored.
    attempts[0]?.write('id: 43\nevent: case\ndata: {"caseId":"x"}\n\n');
    attempts[0]?.end();
    await reached('connected', 2);
    expect(notify.mock.calls).toEqual([[{ severe: 1, overdue: 0 }]]);
    expect(showCount.mock.calls.map(([count]) => count)).toEqual([4, 5, 6, 4]);
    expect(attempts[1]?.lastEventId).toBe('43');
    expect(call).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('renews the session on the refresh event and connects again at once, without a pause', async () => {
    const { attempts, reached, refresh, states } = started(setUp({ backoff: { minMs: 60_000, maxMs: 60_000 } }));
    await reached('connected');
    attempts[0]?.write('event: refresh\ndata: {"reason":"expired"}\n\n');
    await reached('connected', 2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(states).not.toContain('waiting');
  });

  it('renews on a 401 and connects; signed out (the renewal refused), it clears the badge until kicked', async () => {
    const setup = started(setUp({ answers: [401, 401] }));
    await setup.reached('connected');
    expect(setup.refresh).toHaveBeenCalledTimes(1);

    const refused = started(setUp({ answers: [401], refresh: jest.fn(async () => false), backoff: { minMs: 60_000, maxMs: 60_000 } }));
    await refused.reached('signedOut');
    expect(refused.showCount).toHaveBeenLastCalledWith(0);
    refused.stream.kick();
    await refused.reached('connected');
  });

  it('does not renew in a loop when the renewed session is refused again', async () => {
    const { reached, refresh } = started(setUp({ answers: [401, 401], backoff: { minMs: 60_000, maxMs: 60_000 } }));
    await reached('signedOut');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('treats a signed-out queue read as signed out, without opening the stream', async () => {
    const { reached, open, showCount } = started(setUp({ queue: [{ kind: 'response', status: 401, body: {} }], backoff: { minMs: 60_000, maxMs: 60_000 } }));
    await reached('signedOut');
    expect(open).not.toHaveBeenCalled();
    expect(showCount).toHaveBeenCalledWith(0);
  });

  it('gives up a connection that missed its heartbeats and connects again after a pause', async () => {
    const { attempts, reached } = started(setUp({ heartbeatTimeoutMs: 30 }));
    await reached('connected');
    await attempts[0]?.aborted;
    await reached('connected', 2);
    expect(STREAM_HEARTBEAT_TIMEOUT_MS).toBe(60_000);
  });

  it('waits after an unreachable server and tries again, reading the queue each time (the fallback)', async () => {
    const { reached, call, open } = started(setUp({ answers: [null, null, 503] }));
    await reached('connected');
    expect(open).toHaveBeenCalledTimes(4);
    expect(call).toHaveBeenCalledTimes(4);
  });

  it('closes the stream and clears the badge when switched off, and opens it again when switched on', async () => {
    const setup = started(setUp());
    await setup.reached('connected');
    setup.switchTo(false);
    setup.stream.kick();
    await setup.attempts[0]?.aborted;
    await setup.reached('off');
    expect(setup.showCount).toHaveBeenLastCalledWith(0);
    setup.switchTo(true);
    setup.stream.kick();
    await setup.reached('connected', 2);
  });

  it('pauses longer after each failure, up to its longest, with jitter', () => {
    const backoff = { minMs: 1_000, maxMs: 60_000 };
    expect([1, 2, 3, 7, 8, 50].map((failures) => retryDelayMs(failures, backoff, () => 1))).toEqual([1_000, 2_000, 4_000, 60_000, 60_000, 60_000]);
    expect(retryDelayMs(1, backoff, () => 0)).toBe(500);
  });
});
