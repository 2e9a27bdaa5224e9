import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadSessionKey, SESSION_KEY_FILE } from './sessionKey';

describe('loadSessionKey', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-key-'));
  });
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('uses SESSION_SECRET when given and writes nothing', async () => {
    const secret = 's'.repeat(40);
    expect((await loadSessionKey({ secret, dataDir })).toString()).toBe(secret);
    await expect(fs.access(path.join(dataDir, SESSION_KEY_FILE))).rejects.toThrow();
  });

  it('otherwise creates a random owner-only key once and keeps using it', async () => {
    const first = await loadSessionKey({ dataDir });
    const second = await loadSessionKey({ dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second.equals(first)).toBe(true);
    const stat = await fs.stat(path.join(dataDir, SESSION_KEY_FILE));
    expect(stat.mode & 0o777).toBe(0o600);

    const otherDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-key-'));
    try {
      expect((await loadSessionKey({ dataDir: otherDir })).equals(first)).toBe(false);
    } finally {
      await fs.rm(otherDir, { recursive: true, force: true });
    }
  });

  it('gives two processes starting together the same key', async () => {
    const keys = await Promise.all([loadSessionKey({ dataDir }), loadSessionKey({ dataDir }), loadSessionKey({ dataDir })]);
    expect(keys[1]?.equals(keys[0] as Buffer)).toBe(true);
    expect(keys[2]?.equals(keys[0] as Buffer)).toBe(true);
  });
});
