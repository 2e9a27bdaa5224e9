import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { installVerifiedMeilisearch, MeilisearchBinaryError, resolveBundledMeilisearch, sha256OfFile } from './meilisearchBinary';

let workDir: string;
beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-meili-binary-'));
});
afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

function withPlatform<T>(platform: NodeJS.Platform, run: () => T): T {
  const original = Object.getOwnPropertyDescriptor(process, 'platform');
  Object.defineProperty(process, 'platform', { value: platform });
  try {
    return run();
  } finally {
    if (original) Object.defineProperty(process, 'platform', original);
  }
}

describe('resolveBundledMeilisearch', () => {
  it('explains in Japanese and English how to use another Meilisearch where the binary cannot run', () => {
    const error = withPlatform('darwin', () => {
      try {
        resolveBundledMeilisearch();
      } catch (caught) {
        return caught as Error;
      }
      return undefined;
    });
    expect(error).toBeInstanceOf(MeilisearchBinaryError);
    expect(error?.message).toContain('MEILI_HOST と MEILI_MASTER_KEY を設定してください');
    expect(error?.message).toContain('set MEILI_HOST and MEILI_MASTER_KEY');
    expect(error?.message).toContain('darwin/');
  });
});

describe('installVerifiedMeilisearch', () => {
  const content = '#!/bin/sh\nexit 0\n';
  const digest = createHash('sha256').update(content).digest('hex');

  it('installs an executable copy whose hash matches', async () => {
    const source = path.join(workDir, 'source');
    await fs.writeFile(source, content, { mode: 0o644 });

    const installed = await installVerifiedMeilisearch({ binDir: path.join(workDir, 'bin'), sourcePath: source, expectedSha256: digest });

    expect(installed).toBe(path.join(workDir, 'bin', 'meilisearch'));
    expect((await fs.stat(installed)).mode & 0o777).toBe(0o755);
    expect(await sha256OfFile(installed)).toBe(digest);
    expect(await fs.readdir(path.join(workDir, 'bin'))).toEqual(['meilisearch']);
  });

  it('reuses a verified copy without needing the source again', async () => {
    const binDir = path.join(workDir, 'bin');
    await fs.mkdir(binDir);
    await fs.writeFile(path.join(binDir, 'meilisearch'), content, { mode: 0o600 });

    const installed = await installVerifiedMeilisearch({ binDir, sourcePath: path.join(workDir, 'missing'), expectedSha256: digest });

    expect((await fs.stat(installed)).mode & 0o777).toBe(0o755);
  });

  it('refuses a source whose hash differs and leaves nothing behind', async () => {
    const source = path.join(workDir, 'source');
    await fs.writeFile(source, `${content}# changed\n`);

    await expect(installVerifiedMeilisearch({ binDir: path.join(workDir, 'bin'), sourcePath: source, expectedSha256: digest })).rejects.toThrow(
      MeilisearchBinaryError,
    );
    expect(await fs.readdir(path.join(workDir, 'bin'))).toEqual([]);
  });
});
