import autocannon from 'autocannon';
import { runOpenLoop } from './openLoop';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** JSON text for POST. */
  body?: string;
}

/**
 * The request a connection sends next. `connection` numbers the connections 0..n-1, so writes can give
 * each connection members of its own (two connections never toggle the same like at once).
 */
export type Rotation = (connection: number, iteration: number) => RequestSpec;

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses that were not 2xx, plus socket errors and timeouts. */
  failures: number;
  requests: number;
}

export interface LoadOptions {
  baseUrl: string;
  rotation: Rotation;
  connections: number;
  seconds: number;
  /**
   * Requests a second offered over all connections, evenly spaced (openLoop.ts). Without it every
   * connection sends its next request as soon as the last is answered, so the latency is the saturation
   * point's (connections / throughput), not what a member meets at a given traffic.
   */
  rate?: number;
}

interface ConnectionContext {
  connection?: number;
  iteration?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

function figuresOf(latencies: number[], seconds: number, failures: number): LoadFigures {
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
    requests: latencies.length,
  };
}

/**
 * One run on loopback: at an offered rate, open-loop; otherwise autocannon with every connection kept busy.
 * Latencies are collected per response so any percentile can be read.
 */
export async function runLoadOnce(options: LoadOptions): Promise<LoadFigures> {
  if (options.rate) {
    const samples = await runOpenLoop({ ...options, rate: options.rate });
    return figuresOf(
      samples.map((sample) => sample.ms),
      options.seconds,
      samples.filter((sample) => sample.status < 200 || sample.status >= 300).length,
    );
  }
  let nextConnection = 0;
  const latencies: number[] = [];
  let failures = 0;
  const instance = autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    timeout: 30,
    requests: [
      {
        setupRequest: (request, rawContext) => {
          const context = rawContext as ConnectionContext;
          context.connection ??= nextConnection++;
          context.iteration = (context.iteration ?? -1) + 1;
          const spec = options.rotation(context.connection, context.iteration);
          return {
            ...request,
            method: spec.method,
            path: spec.path,
            headers: { ...(spec.body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
            ...(spec.body ? { body: spec.body } : {}),
          };
        },
      },
    ],
  });
  // Without a callback autocannon returns its event emitter, which is also a promise of the result.
  (instance as unknown as autocannon.Instance).on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) failures += 1;
  });
  const result = await instance;
  return figuresOf(latencies, options.seconds, failures + result.errors + result.timeouts);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export interface MedianFigures extends LoadFigures {
  runs: LoadFigures[];
}

/** A short unmeasured warm-up, then `runs` measured runs; every figure is the median over the runs. */
export async function runLoad(options: LoadOptions & { runs: number; warmupSeconds?: number }): Promise<MedianFigures> {
  await runLoadOnce({ ...options, seconds: options.warmupSeconds ?? 2 });
  const runs: LoadFigures[] = [];
  for (let i = 0; i < options.runs; i += 1) runs.push(await runLoadOnce(options));
  const pick = (key: keyof LoadFigures) => median(runs.map((run) => run[key]));
  return {
    requestsPerSecond: pick('requestsPerSecond'),
    p50: pick('p50'),
    p95: pick('p95'),
    p99: pick('p99'),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    runs,
  };
}
