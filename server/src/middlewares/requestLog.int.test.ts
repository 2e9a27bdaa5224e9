import { Writable } from 'node:stream';
import pino from 'pino';
import { createHttpClient } from '../../test/support/httpClient';
import { startTestApp, type TestApp } from '../../test/support/testApp';

describe('request log of the real app', () => {
  let app: TestApp;
  const lines: Array<{ msg: string; status?: number; path?: string; method?: string }> = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await startTestApp({ logger: pino({ level: 'info' }, sink) });
  });
  afterAll(() => app?.close());

  it('records the status each answer was sent with, errors included', async () => {
    const client = createHttpClient(app.baseUrl);
    const sent = [
      (await client.get('/api/health')).status,
      (await client.get('/api/profile')).status,
      (await client.post('/api/auth/login', { email: 'nobody@example.com' })).status,
      (await client.post('/api/comments', { articleId: 1, text: 'x' }, { xsrf: false })).status,
      (await client.get('/api/no-such-thing')).status,
    ];
    expect(sent).toEqual([200, 401, 400, 403, 404]);
    const logged = lines
      .filter((line) => line.msg === 'request' && line.path !== '/api/auth/me')
      .map((line) => line.status);
    expect(logged).toEqual(sent);
  });
});
