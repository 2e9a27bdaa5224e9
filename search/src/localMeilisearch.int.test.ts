import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findFreePort, startLocalMeilisearch, type LocalMeilisearch } from './localMeilisearch';
import { MEILISEARCH_BINARY_SHA256, MeilisearchBinaryError, resolveBundledMeilisearch, sha256OfFile } from './meilisearchBinary';

let workDir: string;
const started: LocalMeilisearch[] = [];

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-meili-runner-'));
});

afterEach(async () => {
  for (const server of started.splice(0)) await server.stop();
  await fs.rm(workDir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startLocalMeilisearch>[0]): Promise<LocalMeilisearch> {
  const server = await startLocalMeilisearch(options);
  started.push(server);
  return server;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

function authorized(server: LocalMeilisearch, route: string): Promise<Response> {
  return fetch(`${server.host}${route}`, { headers: { Authorization: `Bearer ${server.masterKey}` } });
}

describe('startLocalMeilisearch refuses binaries it cannot verify', () => {
  it('refuses a copy of the real binary with one byte changed, and never installs it', async () => {
    const tampered = path.join(workDir, 'tampered-meilisearch');
    await fs.copyFile(resolveBundledMeilisearch(), tampered);
    const handle = await fs.open(tampered, 'r+');
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, 4096);
    byte[0] = (byte[0] ?? 0) ^ 0xff;
    await handle.write(byte, 0, 1, 4096);
    await handle.close();

    const dataDir = path.join(workDir, 'data');
    const attempt = startLocalMeilisearch({ dataDir, binaryPath: tampered, startTimeoutMs: 5_000 });
    await expect(attempt).rejects.toThrow(MeilisearchBinaryError);
    await expect(attempt).rejects.toThrow(/sha256/);
    expect(await exists(path.join(dataDir, 'bin', 'meilisearch'))).toBe(false);
    expect(await exists(path.join(dataDir, 'meilisearch'))).toBe(false);
  });

  it('never executes a fake binary', async () => {
    const marker = path.join(workDir, 'executed');
    const fake = path.join(workDir, 'fake-meilisearch');
    await fs.writeFile(fake, `#!/bin/sh\ntouch ${marker}\nsleep 60\n`, { mode: 0o755 });

    await expect(startLocalMeilisearch({ dataDir: path.join(workDir, 'data'), binaryPath: fake })).rejects.toThrow(
      /改ざん|Refusing to run/,
    );
    expect(await exists(marker)).toBe(false);
  });

  it('replaces a previously installed copy that no longer verifies', async () => {
    const binDir = path.join(workDir, 'data', 'bin');
    const marker = path.join(workDir, 'executed');
    await fs.mkdir(binDir, { recursive: true });
    await fs.writeFile(path.join(binDir, 'meilisearch'), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });

    const server = await start({ dataDir: path.join(workDir, 'data') });
    expect((await fetch(`${server.host}/health`)).ok).toBe(true);
    expect(await exists(marker)).toBe(false);
    expect(await sha256OfFile(path.join(binDir, 'meilisearch'))).toBe(MEILISEARCH_BINARY_SHA256);
  });
});

describe('startLocalMeilisearch runs the real Meilisearch', () => {
  it('starts on a free port with a master key, keeps the key and the data across restarts, and stops', async () => {
    const dataDir = path.join(workDir, 'data');
    const first = await start({ dataDir });
    expect(first.host).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${first.host}/health`)).json()).toEqual({ status: 'available' });
    expect(await (await authorized(first, '/version')).json()).toMatchObject({ pkgVersion: '1.21.0' });
    expect((await fetch(`${first.host}/indexes`)).status).toBe(401);

    const binary = path.join(dataDir, 'bin', 'meilisearch');
    expect((await fs.stat(binary)).mode & 0o777).toBe(0o755);
    expect(await sha256OfFile(binary)).toBe(MEILISEARCH_BINARY_SHA256);

    const created = await fetch(`${first.host}/indexes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.masterKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ uid: 'kept', primaryKey: 'id' }),
    });
    const { taskUid } = (await created.json()) as { taskUid: number };
    for (let tries = 0; tries < 100; tries += 1) {
      const task = (await (await authorized(first, `/tasks/${taskUid}`)).json()) as { status: string };
      if (task.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    await first.stop();
    await first.stop();
    await expect(fetch(`${first.host}/health`)).rejects.toThrow();

    const second = await start({ dataDir });
    expect(second.masterKey).toBe(first.masterKey);
    expect((await authorized(second, '/indexes/kept')).status).toBe(200);
  });

  it('uses the port and master key it is given', async () => {
    const port = await findFreePort();
    const server = await start({ dataDir: path.join(workDir, 'data'), port, masterKey: 'given-master-key-for-tests' });
    expect(server.host).toBe(`http://127.0.0.1:${port}`);
    expect(server.masterKey).toBe('given-master-key-for-tests');
    expect((await authorized(server, '/version')).status).toBe(200);
  });

  it('explains a failed start with the last lines Meilisearch printed', async () => {
    // Holds the port; it drops the runner's health checks so nothing is left open afterwards.
    const blocker = net.createServer((socket) => socket.destroy());
    const port = await new Promise<number>((resolve) => {
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port));
    });
    try {
      const attempt = startLocalMeilisearch({ dataDir: path.join(workDir, 'data'), port, startTimeoutMs: 10_000 });
      await expect(attempt).rejects.toThrow(/Meilisearch を起動できませんでした/);
      await expect(attempt).rejects.toThrow(/stderr[\s\S]*(in use|Address)/i);
    } finally {
      blocker.close();
    }
  });
});

describe('a Meilisearch whose parent goes away', () => {
  const child = path.resolve(__dirname, '../test/startLocalMeilisearchChild.ts');
  const binDir = path.resolve(__dirname, '../../node_modules/.cache/hiraku-meilisearch');

  async function startInChild(mode: 'exit' | 'wait') {
    const parent = spawn(process.execPath, ['--import', 'tsx', child, path.join(workDir, 'data'), binDir, mode], {
      cwd: path.resolve(__dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const host = await new Promise<string>((resolve, reject) => {
      let output = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
        if (line) resolve((JSON.parse(line) as { host: string }).host);
      });
      parent.once('exit', (code) => reject(new Error(`parent exited with ${code} before Meilisearch was up`)));
    });
    const gone = new Promise((resolve) => parent.once('exit', resolve));
    return { parent, host, gone };
  }

  async function stopsAnswering(host: string): Promise<boolean> {
    for (let tries = 0; tries < 100; tries += 1) {
      const answered = await fetch(`${host}/health`).then(
        () => true,
        () => false,
      );
      if (!answered) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }

  it('is stopped when the parent exits without calling stop()', async () => {
    const { host, gone } = await startInChild('exit');
    await gone;
    expect(await stopsAnswering(host)).toBe(true);
  });

  it('is stopped when the parent is killed', async () => {
    const { parent, host, gone } = await startInChild('wait');
    expect((await fetch(`${host}/health`)).ok).toBe(true);
    parent.kill('SIGKILL');
    await gone;
    expect(await stopsAnswering(host)).toBe(true);
  });
});
