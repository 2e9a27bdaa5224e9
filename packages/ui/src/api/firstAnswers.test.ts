import { firstAnswersTransport } from './firstAnswers';
import type { Transport, TransportRequest } from './transport';

const get = (url: string): TransportRequest => ({ method: 'GET', url, headers: {}, credentials: 'include', timeoutMs: null });

describe('firstAnswersTransport', () => {
  it("answers each address the page brought once, from the page, and everything else from the network", async () => {
    const sent: string[] = [];
    const network: Transport = (request) => (sent.push(`${request.method} ${request.url}`), Promise.resolve({ status: 200, body: { from: 'network' } }));
    const transport = firstAnswersTransport({ '/api/auth/me': { id: 'me' }, '/api/reports/infinite?sort=new&limit=8': { data: [] } }, network);

    expect(await transport(get('/api/auth/me'))).toEqual({ status: 200, body: { id: 'me' } });
    expect(await transport(get('https://hiraku.example/api/reports/infinite?sort=new&limit=8'))).toEqual({ status: 200, body: { data: [] } });
    expect(sent).toEqual([]);
    // Asked again (a later session check), or in another order, or written to: the network.
    expect(await transport(get('/api/auth/me'))).toEqual({ status: 200, body: { from: 'network' } });
    await transport(get('/api/reports/infinite?sort=like&limit=8'));
    await transport({ ...get('/api/reports/infinite?sort=new&limit=8'), method: 'POST' });
    expect(sent).toEqual(['GET /api/auth/me', 'GET /api/reports/infinite?sort=like&limit=8', 'POST /api/reports/infinite?sort=new&limit=8']);
  });
});
