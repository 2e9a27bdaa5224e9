import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runOpenLoop } from './openLoop';

/** A server that answers every request after `delayMs`, counting how many it holds at once. */
async function slowServer(delayMs: number) {
  let inFlight = 0;
  let maxInFlight = 0;
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    paths.push(request.url ?? '');
    setTimeout(() => {
      inFlight -= 1;
      response.end('ok');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    paths,
    maxInFlight: () => maxInFlight,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('runOpenLoop', () => {
  it('spreads the offered requests over the second instead of sending them in a burst', async () => {
    const server = await slowServer(10);
    try {
      const samples = await runOpenLoop({ baseUrl: server.baseUrl, rotation: (c, i) => ({ method: 'GET', path: `/c${c}/i${i}` }), connections: 16, seconds: 1, rate: 50 });
      expect(samples).toHaveLength(50);
      expect(samples.every((sample) => sample.status === 200)).toBe(true);
      // 50 a second, 20 ms apart, each answered in 10 ms: one at a time, where a burst would hold all 16.
      expect(server.maxInFlight()).toBeLessThanOrEqual(3);
      expect(Math.max(...samples.map((sample) => sample.ms))).toBeLessThan(200);
      // Every connection's rotation is asked in turn.
      expect(server.paths.slice(0, 3)).toEqual(['/c0/i0', '/c1/i0', '/c2/i0']);
      expect(server.paths[16]).toBe('/c0/i1');
    } finally {
      await server.close();
    }
  });

  it('counts the wait for a busy socket in the latency', async () => {
    const server = await slowServer(100);
    try {
      // One socket, 20 requests a second, each held 100 ms: they queue, and the last waits for all before it.
      const samples = await runOpenLoop({ baseUrl: server.baseUrl, rotation: () => ({ method: 'GET', path: '/' }), connections: 1, seconds: 1, rate: 20 });
      expect(server.maxInFlight()).toBe(1);
      const slowest = Math.max(...samples.map((sample) => sample.ms));
      expect(slowest).toBeGreaterThan(1_000);
    } finally {
      await server.close();
    }
  });
});
