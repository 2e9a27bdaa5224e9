import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Sequelize } from 'sequelize';

/** Response header carrying the number of SQL statements the request sent before its headers went out. */
export const QUERY_COUNT_HEADER = 'x-bench-sql-queries';

interface RequestQueries {
  count: number;
}

const current = new AsyncLocalStorage<RequestQueries>();
const instrumented = new WeakSet<Sequelize>();
let processTotal = 0;
const shapes = new Map<string, number>();

/** Every statement the process sent since it started, requests' and background work's alike. */
export const totalQueries = (): number => processTotal;

/** The statements sent since the last reset by shape (numbers and strings blanked), most frequent first. */
export function statementShapes(reset = false): Array<[string, number]> {
  const sorted = [...shapes.entries()].sort((a, b) => b[1] - a[1]);
  if (reset) shapes.clear();
  return sorted;
}

const shapeOf = (sql: string) =>
  sql
    .replace(/^Executing \([^)]*\): /, '')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'?'")
    .replace(/\b\d+\b/g, 'N')
    .replace(/\s+/g, ' ')
    .slice(0, 140);

/**
 * Counts every statement Sequelize sends (its afterQuery hook also sees transaction statements) and
 * charges it to the HTTP request whose async context sent it; background work (the search outbox
 * worker) belongs to no request and is not counted.
 */
export function countQueries(sequelize: Sequelize): void {
  if (instrumented.has(sequelize)) return;
  instrumented.add(sequelize);
  sequelize.addHook('afterQuery', (_options, query) => {
    processTotal += 1;
    // The Query instance carries the statement it ran (not in Sequelize's declared type).
    const { sql } = query as unknown as { sql?: unknown };
    if (typeof sql === 'string') {
      const shape = shapeOf(sql);
      shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    }
    const request = current.getStore();
    if (request) request.count += 1;
  });
}

/** Wraps a request listener (Koa's `app.callback()`) so each response says how many queries it cost. */
export function withQueryCountHeader(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const request: RequestQueries = { count: 0 };
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    // Koa sends headers once the middleware chain is done, so every query of the handler is counted here.
    res.writeHead = ((...args: unknown[]) => {
      if (!res.headersSent) res.setHeader(QUERY_COUNT_HEADER, String(request.count));
      return writeHead(...args);
    }) as ServerResponse['writeHead'];
    current.run(request, () => listener(req, res));
  };
}
