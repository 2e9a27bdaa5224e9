import { ConnectionError } from 'sequelize';

/**
 * Driver codes that mean the database could not be reached or went away under the statement: nothing is
 * wrong with the request, and the same request may succeed a moment later. mysql2 gives Node's socket
 * codes and its own PROTOCOL_* codes; a server shutting down or killing the session answers with its own.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_CON_COUNT_ERROR',
]);

/** MariaDB/MySQL error numbers with the same meaning (server shutdown, connection killed, too many connections, server gone, lost). */
const UNREACHABLE_ERRNOS = new Set([1040, 1053, 1927, 2002, 2003, 2006, 2013]);

/** mysql2 rejects a statement on a connection it already saw die with this message and no code. */
const CLOSED_CONNECTION = /connection is in closed state/i;

interface DriverError {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
}

/**
 * True when `error` says the database is unavailable (refused, lost, shut down, or no pooled connection
 * in time), however Sequelize wrapped the driver's error. The error handler answers these with 503 and a
 * Japanese "try again later" instead of a 500: the request itself was fine.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const candidate of causes(error)) {
    // ConnectionRefused, HostNotReachable, ConnectionTimedOut, ConnectionAcquireTimeout and the rest.
    if (candidate instanceof ConnectionError) return true;
    const driver = candidate as DriverError;
    if (typeof driver.code === 'string' && UNREACHABLE_CODES.has(driver.code)) return true;
    if (typeof driver.errno === 'number' && UNREACHABLE_ERRNOS.has(driver.errno)) return true;
    if (typeof driver.message === 'string' && CLOSED_CONNECTION.test(driver.message)) return true;
  }
  return false;
}

/** The error and what it wraps (Sequelize's `parent` / `original`, a standard `cause`), a few levels deep. */
function causes(error: unknown): object[] {
  const found: object[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && found.length < 10) {
    const next = queue.shift();
    if (typeof next !== 'object' || next === null || found.includes(next)) continue;
    found.push(next);
    const wrapper = next as { parent?: unknown; original?: unknown; cause?: unknown };
    queue.push(wrapper.parent, wrapper.original, wrapper.cause);
  }
  return found;
}
