import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@hiraku/search';
import { parseEnv } from '../env';
import { createLogger } from '../logger';
import { connectSearch, instanceFilePath, MASTER_KEY_FILE_NAME, readInstanceFile, type ConnectedSearch } from './connectSearch';

// The verified copy globalSetup keeps between runs, so a started engine costs no 130 MB copy.
const binDir = path.resolve(__dirname, '../../../node_modules/.cache/hiraku-meilisearch');
const logger = createLogger('silent');
const testHost = () => {
  const host = process.env.TEST_MEILI_HOST;
  if (!host) throw new Error('TEST_MEILI_HOST is not set: run through jest --selectProjects integration');
  return host;
};

const dataDirs: string[] = [];
const connections: ConnectedSearch[] = [];

async function newDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-connect-'));
  dataDirs.push(dir);
  return dir;
}

async function connect(dataDir: string, extra: Record<string, string> = {}): Promise<ConnectedSearch> {
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra });
  const connection = await connectSearch(env, logger, { binDir });
  connections.push(connection);
  return connection;
}

/** What a running server leaves for others: its engine's address and its own pid, and the engine's key. */
async function writeInstance(dataDir: string, instance: { host: string; pid: number }, masterKey = process.env.TEST_MEILI_KEY ?? ''): Promise<void> {
  await fs.writeFile(instanceFilePath(dataDir), JSON.stringify(instance));
  await fs.writeFile(path.join(dataDir, MASTER_KEY_FILE_NAME), `${masterKey}\n`);
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  if (!child.pid) throw new Error('no pid');
  return child.pid;
}

async function answers(host: string): Promise<boolean> {
  try {
    const response = await fetch(`${host}/health`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

afterEach(async () => {
  for (const connection of connections.splice(0).reverse()) await connection.stop();
});
afterAll(async () => {
  for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('connectSearch', () => {
  it('uses MEILI_HOST when it is set, and neither starts nor announces an engine', async () => {
    const dataDir = await newDataDir();
    const connection = await connect(dataDir, { MEILI_HOST: testHost(), MEILI_MASTER_KEY: process.env.TEST_MEILI_KEY ?? '', MEILI_INDEX_PREFIX: 'abc_' });
    expect(connection.source).toBe('configured');
    expect(connection.service.reportsIndexUid).toBe('abc_reports');
    expect(await connection.service.health()).toBe('ok');
    expect(await readInstanceFile(instanceFilePath(dataDir))).toBeNull();
  });

  it('reuses the engine a running server announced for the same data folder, and leaves it running', async () => {
    const dataDir = await newDataDir();
    await writeInstance(dataDir, { host: testHost(), pid: process.pid });

    const connection = await connect(dataDir);

    expect(connection.source).toBe('shared');
    expect(await connection.service.health()).toBe('ok');
    // A keyed call: the key came from the data folder.
    await expect(connection.service.client.getVersion()).resolves.toHaveProperty('pkgVersion');
    await connection.stop();
    expect(await answers(testHost())).toBe(true);
    expect(await readInstanceFile(instanceFilePath(dataDir))).toEqual({ host: testHost(), pid: process.pid });
  });

  it('starts its own engine when the announcing process is gone, announces it, and cleans up on stop', async () => {
    const dataDir = await newDataDir();
    await writeInstance(dataDir, { host: testHost(), pid: await deadPid() });

    const first = await connect(dataDir);
    expect(first.source).toBe('started');
    const announced = await readInstanceFile(instanceFilePath(dataDir));
    expect(announced).toEqual({ host: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), pid: process.pid });
    expect(announced?.host).not.toBe(testHost());
    expect(await first.service.health()).toBe('ok');

    // A command run meanwhile (same data folder) shares it instead of starting a second engine.
    const second = await connect(dataDir);
    expect(second.source).toBe('shared');
    await second.stop();
    expect(await answers(announced?.host ?? '')).toBe(true);

    await first.stop();
    expect(await readInstanceFile(instanceFilePath(dataDir))).toBeNull();
    expect(await answers(announced?.host ?? '')).toBe(false);
  });

  it('ignores an announcement whose engine no longer answers', async () => {
    const dataDir = await newDataDir();
    await writeInstance(dataDir, { host: `http://127.0.0.1:${await findFreePort()}`, pid: process.pid });
    const connection = await connect(dataDir);
    expect(connection.source).toBe('started');
    expect(await connection.service.health()).toBe('ok');
  });

  it('ignores an engine that answers but does not hold this data folder’s key', async () => {
    const dataDir = await newDataDir();
    await writeInstance(dataDir, { host: testHost(), pid: process.pid }, 'a-key-of-some-other-folder');
    const connection = await connect(dataDir);
    expect(connection.source).toBe('started');
  });

  it('ignores an instance file that is not what it should be', async () => {
    const dataDir = await newDataDir();
    await fs.writeFile(instanceFilePath(dataDir), '{"host": "file:///etc/passwd", "pid": "1"');
    expect(await readInstanceFile(instanceFilePath(dataDir))).toBeNull();
    await fs.writeFile(instanceFilePath(dataDir), JSON.stringify({ host: 'ftp://x', pid: process.pid }));
    expect(await readInstanceFile(instanceFilePath(dataDir))).toBeNull();
  });
});
