import { createHook } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MeilisearchTaskTimeOutError } from 'meilisearch';
import { createSearchClient } from './client';
import { waitForSuccess, waitForTask } from './tasks';

/**
 * A stand-in for Meilisearch's task endpoints: enqueues task 1, then answers GET /tasks/1 with the
 * statuses given, one per poll; past the end it closes the connection, as a killed engine does.
 */
async function fakeEngine(statuses: string[]): Promise<{ host: string; close(): Promise<void> }> {
  let polls = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') {
      res.writeHead(202, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ taskUid: 1, indexUid: 'reports', status: 'enqueued', type: 'documentAdditionOrUpdate', enqueuedAt: new Date().toISOString() }));
      return;
    }
    const status = statuses[polls];
    polls += 1;
    if (!status) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ uid: 1, indexUid: 'reports', status, type: 'documentAdditionOrUpdate', error: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Runs `work` and reports how many timers of a minute or more it started that are still pending.
 * It follows only timers started during `work` (async_hooks sees each one start and end), so timers
 * that other code starts or clears meanwhile, such as the HTTP client's short keep-alive timers,
 * neither hide a leak nor fake one.
 */
async function longTimersLeftBy(work: () => Promise<unknown>): Promise<number> {
  const pending = new Set<number>();
  const hook = createHook({
    init(asyncId, type, _trigger, resource) {
      // A Timeout keeps its delay in _idleTimeout; Node has no public accessor for it.
      if (type === 'Timeout' && ((resource as { _idleTimeout?: number })._idleTimeout ?? 0) >= 60_000) pending.add(asyncId);
    },
    destroy(asyncId) {
      pending.delete(asyncId);
    },
  }).enable();
  try {
    await work();
    // Node reports a cleared timer's end a moment later, so this polls (for at most two seconds)
    // instead of reading once; a five-minute timer never ends in that time.
    const deadline = Date.now() + 2_000;
    while (pending.size > 0 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    return pending.size;
  } finally {
    hook.disable();
  }
}

describe('waitForTask', () => {
  it('polls until the task is processed', async () => {
    const engine = await fakeEngine(['enqueued', 'processing', 'succeeded']);
    try {
      const client = createSearchClient({ host: engine.host });
      const task = await waitForSuccess(client, client.index('reports').addDocuments([{ id: 1 }]), 'upsert');
      expect(task.status).toBe('succeeded');
    } finally {
      await engine.close();
    }
  });

  it('leaves no timer behind when the engine goes away while it waits', async () => {
    const engine = await fakeEngine(['processing']);
    try {
      const client = createSearchClient({ host: engine.host });
      // The client's own waitTask left its five-minute timer pending here, keeping the process alive.
      const left = await longTimersLeftBy(() => expect(waitForTask(client, client.index('reports').addDocuments([{ id: 1 }]))).rejects.toThrow());
      expect(left).toBe(0);
    } finally {
      await engine.close();
    }
  });

  it('gives up after its time limit', async () => {
    const engine = await fakeEngine(Array.from({ length: 1_000 }, () => 'processing'));
    try {
      const client = createSearchClient({ host: engine.host });
      await expect(waitForTask(client, client.index('reports').addDocuments([{ id: 1 }]), 300)).rejects.toBeInstanceOf(MeilisearchTaskTimeOutError);
    } finally {
      await engine.close();
    }
  });
});
