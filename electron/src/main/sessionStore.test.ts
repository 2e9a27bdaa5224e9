import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StoredCookie } from './proxy/cookieJar';
import { createSessionStore } from './sessionStore';

/** A stand-in for the OS keychain: reversible, and visibly not the plain text. */
function fakeSafeStorage({ available = true, backend = 'gnome_libsecret' } = {}) {
  const encryptString = jest.fn((text: string) => Buffer.from(`enc:${Buffer.from(text).toString('base64').split('').reverse().join('')}`));
  const decryptString = jest.fn((data: Buffer) => {
    const text = data.toString();
    if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(text.slice(4).split('').reverse().join(''), 'base64').toString();
  });
  return { isEncryptionAvailable: () => available, getSelectedStorageBackend: () => backend as 'gnome_libsecret', encryptString, decryptString };
}

const COOKIES: StoredCookie[] = [
  { name: 'hiraku_access', value: 'access-secret', path: '/', expiresAt: Date.now() + 60_000, secure: false },
  { name: 'hiraku_refresh', value: 'refresh-secret', path: '/api/auth', expiresAt: null, secure: true },
];

describe('stored session', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hiraku-session-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('round-trips through safeStorage and never writes the tokens in the clear', () => {
    const file = path.join(dir, 'session.bin');
    const safeStorage = fakeSafeStorage();
    createSessionStore({ safeStorage, file }).save(COOKIES);
    expect(safeStorage.encryptString).toHaveBeenCalledTimes(1);
    const onDisk = fs.readFileSync(file, 'utf8');
    expect(onDisk).not.toContain('access-secret');
    expect(onDisk).not.toContain('hiraku_refresh');
    expect(createSessionStore({ safeStorage: fakeSafeStorage(), file }).load()).toEqual(COOKIES);
  });

  it('removes the file when the session is cleared or saved empty', () => {
    const file = path.join(dir, 'session.bin');
    const store = createSessionStore({ safeStorage: fakeSafeStorage(), file });
    store.save(COOKIES);
    store.save([]);
    expect(fs.existsSync(file)).toBe(false);
    store.save(COOKIES);
    store.clear();
    expect(store.load()).toEqual([]);
  });

  it('starts signed out from a file it cannot decrypt or that has the wrong shape', () => {
    const file = path.join(dir, 'session.bin');
    fs.writeFileSync(file, 'plain text, not ours');
    expect(createSessionStore({ safeStorage: fakeSafeStorage(), file }).load()).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    const safeStorage = fakeSafeStorage();
    fs.writeFileSync(file, safeStorage.encryptString(JSON.stringify([{ name: 'x' }])));
    expect(createSessionStore({ safeStorage, file }).load()).toEqual([]);
  });

  it('writes nothing without real encryption (no keychain, or Linux basic_text)', () => {
    const file = path.join(dir, 'session.bin');
    createSessionStore({ safeStorage: fakeSafeStorage({ available: false }), file }).save(COOKIES);
    expect(fs.existsSync(file)).toBe(false);
    if (process.platform === 'linux') {
      createSessionStore({ safeStorage: fakeSafeStorage({ backend: 'basic_text' }), file }).save(COOKIES);
      expect(fs.existsSync(file)).toBe(false);
    }
  });
});
