import http from 'node:http';
import { IDLE_CONNECTION_MS, keepIdleConnectionsOpen } from './keepAlive';

describe('keepIdleConnectionsOpen', () => {
  it('keeps idle connections open longer than nginx keeps its upstream ones, and headers longer still', () => {
    const server = http.createServer();
    keepIdleConnectionsOpen(server);
    const nginxKeepaliveTimeoutMs = 60_000;
    expect(server.keepAliveTimeout).toBe(IDLE_CONNECTION_MS);
    expect(server.keepAliveTimeout).toBeGreaterThan(nginxKeepaliveTimeoutMs);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });
});
