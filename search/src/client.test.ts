import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSearchClient } from './client';

/** A stand-in for Meilisearch that records each request's headers and answers an empty search. */
async function recordingServer() {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((request, response) => {
    seen.push(request.headers);
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ hits: [], processingTimeMs: 0, query: '', limit: 20, offset: 0, estimatedTotalHits: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { seen, host: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('createSearchClient', () => {
  it('asks for answers uncompressed, so Meilisearch sends them whole instead of in gzip chunks', async () => {
    const server = await recordingServer();
    try {
      const client = createSearchClient({ host: server.host, apiKey: 'key' });
      await client.index('reports').search('縄', { limit: 50 });
      await client.multiSearch({ federation: {}, queries: [{ indexUid: 'reports', q: '縄' }] });
      expect(server.seen.map((headers) => headers['accept-encoding'])).toEqual(['identity', 'identity']);
      expect(server.seen.map((headers) => headers.authorization)).toEqual(['Bearer key', 'Bearer key']);
    } finally {
      await server.close();
    }
  });
});
