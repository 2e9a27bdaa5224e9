import http from 'node:http';
import type { RequestSpec, Rotation } from './runLoad';

export interface OpenLoopOptions {
  baseUrl: string;
  rotation: Rotation;
  /** Sockets kept open; a request waits for one when all are busy (its wait counts in its latency). */
  connections: number;
  seconds: number;
  /** Requests a second, evenly spaced. */
  rate: number;
}

export interface OpenLoopSample {
  /** From the moment the request was due to its last byte: what a member waits, queueing included. */
  ms: number;
  status: number;
}

/**
 * Offers `rate` requests a second at even intervals, whether or not earlier ones were answered
 * (an open loop). autocannon's `overallRate` lets each connection send its share of a second back to back
 * at the start of the second and then pause, so every second began with a burst of all connections:
 * the latencies it reported at a modest rate were those of saturation. Latency is counted from when a
 * request was due, not when a socket took it, so a server that falls behind is seen falling behind.
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopSample[]> {
  const url = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const samples: OpenLoopSample[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let index = 0; index < total; index += 1) {
    const due = start + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const spec = options.rotation(index % options.connections, Math.floor(index / options.connections));
    pending.push(send(url, agent, spec).then((status) => void samples.push({ ms: performance.now() - due, status })));
  }
  await Promise.all(pending);
  agent.destroy();
  return samples;
}

/** One request; its status, or 0 when the socket failed or it took over 30 s. */
function send(url: URL, agent: http.Agent, spec: RequestSpec): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: spec.method,
        path: spec.path,
        agent,
        timeout: 30_000,
        headers: { ...(spec.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(spec.body) } : {}), ...spec.headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
    request.end(spec.body);
  });
}
