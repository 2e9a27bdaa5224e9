import fs from 'node:fs';
import type { SafeStorage } from 'electron';
import { z } from 'zod';
import type { StoredCookie } from './proxy/cookieJar';

const cookiesSchema = z.array(
  z.object({ name: z.string(), value: z.string(), path: z.string(), expiresAt: z.number().nullable(), secure: z.boolean() }).strict(),
);

export interface SessionStore {
  load(): StoredCookie[];
  save(cookies: readonly StoredCookie[]): void;
  clear(): void;
}

type Encryption = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> & {
  getSelectedStorageBackend?: SafeStorage['getSelectedStorageBackend'];
};

/**
 * The session cookies, kept across restarts only as the OS keychain's ciphertext (Electron's
 * safeStorage). Where no real keychain is available (Linux without a secret service falls back to a
 * fixed key), nothing is written and the operator simply logs in again after a restart.
 */
export function createSessionStore({ safeStorage, file }: { safeStorage: Encryption; file: string }): SessionStore {
  const canEncrypt = () =>
    safeStorage.isEncryptionAvailable() && (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend?.() !== 'basic_text');

  function clear(): void {
    fs.rmSync(file, { force: true });
  }

  return {
    load() {
      if (!canEncrypt()) return [];
      try {
        const parsed = cookiesSchema.safeParse(JSON.parse(safeStorage.decryptString(fs.readFileSync(file))));
        if (parsed.success) return parsed.data;
      } catch {
        // Missing, from another machine or user, or damaged: start signed out.
      }
      clear();
      return [];
    },
    save(cookies) {
      if (!canEncrypt() || cookies.length === 0) {
        clear();
        return;
      }
      fs.writeFileSync(file, safeStorage.encryptString(JSON.stringify(cookies)), { mode: 0o600 });
    },
    clear,
  };
}
