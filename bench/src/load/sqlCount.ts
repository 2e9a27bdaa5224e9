import { QUERY_COUNT_HEADER } from '../server/queryCounter';
import type { RequestSpec } from './runLoad';

export interface Answer {
  status: number;
  /** SQL statements the server sent for this request (from the bench server's header). */
  queries: number;
  body: unknown;
  ms: number;
}

/** Sends one request and reads what it cost; throws if the server did not count (not a bench server). */
export async function send(baseUrl: string, spec: RequestSpec, timeoutMs = 30_000): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${spec.path}`, {
    method: spec.method,
    headers: { ...(spec.body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
    body: spec.body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  const header = response.headers.get(QUERY_COUNT_HEADER);
  if (header === null) throw new Error(`${spec.method} ${spec.path}: no ${QUERY_COUNT_HEADER} header`);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the error message.
  }
  return { status: response.status, queries: Number(header), body, ms };
}

export interface QueryCount {
  min: number;
  max: number;
  /** Status codes seen, so a 4xx that cost nothing is not mistaken for a cheap success. */
  statuses: number[];
}

/** The SQL statements per request over `samples`, sent one after another (no other request in flight). */
export async function countSqlPerRequest(baseUrl: string, samples: RequestSpec[]): Promise<QueryCount & { answers: Answer[] }> {
  const answers: Answer[] = [];
  for (const spec of samples) answers.push(await send(baseUrl, spec));
  const counts = answers.map((answer) => answer.queries);
  return { min: Math.min(...counts), max: Math.max(...counts), statuses: [...new Set(answers.map((a) => a.status))], answers };
}
