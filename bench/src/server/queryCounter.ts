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

/**
 * Counts every statement Sequelize sends (its afterQuery hook also sees transaction statements) and
 * charges it to the HTTP request whose async context sent it; background work (the search outbox
 * worker) belongs to no request and is not counted.
 */
export function countQueries(sequelize: Sequelize): void {
  if (instrumented.has(sequelize)) return;
  instrumented.add(sequelize);
  sequelize.addHook('afterQuery', () => {
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
