import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const SESSION_KEY_FILE = path.join('secrets', 'session.key');

/**
 * The key that signs access tokens: SESSION_SECRET when given, otherwise a random key created on first
 * start and kept (owner-only) in the data folder, so sessions survive a restart without any setup.
 */
export async function loadSessionKey({ secret, dataDir }: { secret?: string; dataDir: string }): Promise<Buffer> {
  if (secret) return Buffer.from(secret, 'utf8');
  const file = path.join(dataDir, SESSION_KEY_FILE);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const fresh = randomBytes(32).toString('hex');
  try {
    // 'wx' fails when the file exists, so two processes starting together end up with the same key.
    await fs.writeFile(file, fresh, { mode: 0o600, flag: 'wx' });
    return Buffer.from(fresh, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = (await fs.readFile(file, 'utf8')).trim();
  if (stored.length < 32) throw new Error(`セッション鍵ファイルが壊れています。削除してから再起動してください: ${file}`);
  return Buffer.from(stored, 'utf8');
}
