import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open (ms): longer than nginx keeps its upstream
 * connections (keepalive_timeout, 60 s by default; docs/deployment.md). With Node's own 5 s the server
 * closed idle connections first, so a request sent on one just as it closed met a reset: a 502 behind
 * nginx for a request it does not retry (a POST), an ECONNRESET for a keep-alive client (an e2e poll met it).
 */
export const IDLE_CONNECTION_MS = 65_000;

export function keepIdleConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  // Node's advice: the headers timeout above the keep-alive one, so an idle socket is never cut mid-request.
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
}
