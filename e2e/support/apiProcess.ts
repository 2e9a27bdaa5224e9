import net from 'node:net';
import { startServerProcess, type ServerProcess } from '../../server/test/support/serverProcess';
import { E2E_DATA_DIR, E2E_DATABASE, E2E_MYSQL_URL } from './env';
import { expect } from './test';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A second API process of the e2e server's own database and data folder (so its Meilisearch, secret and
 * mail worker are shared), for a test that needs other settings (`env`) than the main server's. `host`
 * names it in `PUBLIC_URL` and the answered `baseURL` (it listens on 127.0.0.1 either way). Answers once
 * its health check does.
 */
export async function startApiProcess(env: Record<string, string>, { host = '127.0.0.1', what = 'API process' }: { host?: string; what?: string } = {}): Promise<{ server: ServerProcess; baseURL: string }> {
  const port = await freePort();
  const baseURL = `http://${host}:${port}`;
  const server = startServerProcess({
    NODE_ENV: 'test',
    HIRAKU_ROLE: 'api',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: E2E_DATA_DIR,
    DATABASE_URL: `${E2E_MYSQL_URL}/${E2E_DATABASE}`,
    MEILI_INDEX_PREFIX: 'e2e_',
    PUBLIC_URL: baseURL,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '100',
    ...env,
  });
  let exited = false;
  void server.exited.then(() => (exited = true));
  await expect
    .poll(
      async () => {
        if (exited) throw new Error(`the ${what} exited:\n${server.output()}`);
        return fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.status, () => 0);
      },
      { timeout: 90_000, intervals: [300] },
    )
    .toBe(200);
  return { server, baseURL };
}
