import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CaseItem, CasePage, HostResult } from '@hiraku/shared';
import { createBridgeHandlers } from './bridgeHandlers';
import { createOfflineQueueStore, isQueueFirstPage, snapshotOf } from './offlineQueue';
import { createPasskeyCeremony } from './passkeyCeremony';
import { CookieJar } from './proxy/cookieJar';
import { contractAllowlist } from './proxy/endpointAllowlist';
import { createRequestProxy } from './proxy/requestProxy';
import { DEFAULT_SETTINGS, type DesktopSettings, type SettingsStore } from './settingsStore';

/**
 * The read-only offline queue's main-process half (issue 38): which answer is kept, what of it, where,
 * and when it goes. safeStorage is faked at Electron's boundary (a reversible cipher that marks its
 * output), the disk and the request proxy are real.
 */
const SERVER = 'https://hiraku.example.jp';

const fakeSafeStorage = (backend = 'gnome_libsecret') => ({
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => backend as 'gnome_libsecret',
  encryptString: (text: string) => Buffer.from(`enc:${Buffer.from(text).toString('base64')}`),
  decryptString: (data: Buffer) => {
    const text = data.toString();
    if (!text.startsWith('enc:')) throw new Error('not ours');
    return Buffer.from(text.slice(4), 'base64').toString();
  },
});

function caseItem(id: number, extra: Partial<CaseItem> = {}): CaseItem {
  return {
    id,
    type: 'report',
    status: 'open',
    category: 'spam',
    openedAt: '2026-11-28T10:00:00.000Z',
    dueAt: '2026-11-29T10:00:00.000Z',
    overdue: false,
    closedAt: null,
    claimedBy: { publicId: 'unei01', username: '運営さん' },
    decision: null,
    target: { type: 'report', id: String(id), title: `宣伝らしき投稿${id}`, text: '本文はここに書かれています', thumbnailUrl: '/media/t.webp', path: `/reports/${id}`, isHidden: false, isDeleted: false, gone: false },
    author: { publicId: 'kaiin01', username: '書き手', suspended: false, history: { earlierCases: 1, strikes: 0, suspensions: 0 } },
    flags: [{ flaggerPublicId: 'tsuuhou01', category: 'spam', note: '通報者のメモ', flaggedAt: '2026-11-28T10:00:00.000Z' }],
    flaggerCount: 1,
    notes: [{ author: null, text: '運営者のメモ', createdAt: '2026-11-28T11:00:00.000Z' }],
    appeal: null,
    escalation: null,
    ...extra,
  };
}
const page = (items: CaseItem[]): CasePage => ({ items, nextCursor: null, counts: { open: items.length, overdue: 0, severeOpen: 0 } });
const answer = (body: unknown, status = 200): HostResult => ({ kind: 'response', status, body });
const firstPage = { method: 'GET', path: '/api/moderation/cases', query: [['status', 'open'], ['type', ''], ['category', ''], ['claimed', ''], ['overdue', '']] };

describe('offline queue (main process)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hiraku-offline-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps only the queue as first shown: open cases, first page, no filter', () => {
    expect(isQueueFirstPage(firstPage)).toBe(true);
    expect(isQueueFirstPage({ method: 'GET', path: '/api/moderation/cases', query: [['status', 'open']] })).toBe(true);
    expect(isQueueFirstPage({ ...firstPage, query: [...firstPage.query, ['cursor', '3.17']] })).toBe(false);
    expect(isQueueFirstPage({ ...firstPage, query: [['status', 'open'], ['category', 'spam']] })).toBe(false);
    expect(isQueueFirstPage({ ...firstPage, query: [['status', 'open'], ['overdue', 'true']] })).toBe(false);
    expect(isQueueFirstPage({ ...firstPage, query: [['status', 'closed']] })).toBe(false);
    expect(isQueueFirstPage({ ...firstPage, method: 'POST' })).toBe(false);
    expect(isQueueFirstPage({ ...firstPage, path: '/api/moderation/members' })).toBe(false);
    expect(isQueueFirstPage('GET /api/moderation/cases')).toBe(false);
  });

  it('cuts a page down to what the list shows: no text, notes, flags, images or author', () => {
    const snapshot = snapshotOf(answer(page([caseItem(1, { escalation: { at: '2026-11-28T12:00:00.000Z', by: null, reason: '相談の理由' }, overdue: true })])), SERVER, new Date('2026-11-28T13:00:00.000Z'));
    expect(snapshot).toEqual({
      serverOrigin: SERVER,
      savedAt: '2026-11-28T13:00:00.000Z',
      open: 1,
      overdue: 0,
      cases: [{ id: 1, type: 'report', category: 'spam', targetType: 'report', title: '宣伝らしき投稿1', openedAt: '2026-11-28T10:00:00.000Z', dueAt: '2026-11-29T10:00:00.000Z', overdue: true, flaggerCount: 1, escalated: true, claimedBy: '運営さん' }],
    });
    const text = JSON.stringify(snapshot);
    for (const kept of ['本文はここに書かれています', '通報者のメモ', '運営者のメモ', '相談の理由', 'kaiin01', 'tsuuhou01', '/media/', '@']) expect(text).not.toContain(kept);
    // Refusals, failures and anything that is not a page of cases are never kept.
    expect(snapshotOf(answer({ error: 'two_factor_required' }, 403), SERVER)).toBeNull();
    expect(snapshotOf({ kind: 'no-response', reason: 'network' }, SERVER)).toBeNull();
    expect(snapshotOf(answer({ items: 'nope' }), SERVER)).toBeNull();
  });

  it('stores it encrypted, finds it after a restart for the same server only, and forgets it when told', () => {
    const file = path.join(dir, 'offline-queue.bin');
    let origin: string | null = SERVER;
    const store = createOfflineQueueStore({ safeStorage: fakeSafeStorage(), file, serverOrigin: () => origin });
    store.observe({ ...firstPage, query: [...firstPage.query, ['cursor', '1.2']] }, answer(page([caseItem(9)])));
    expect(fs.existsSync(file)).toBe(false);
    store.observe(firstPage, answer(page([caseItem(1), caseItem(2)])));
    expect(fs.readFileSync(file, 'utf8')).not.toContain('宣伝らしき投稿');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const restarted = createOfflineQueueStore({ safeStorage: fakeSafeStorage(), file, serverOrigin: () => origin });
    expect(restarted.load(SERVER)?.cases.map((item) => item.id)).toEqual([1, 2]);
    expect(restarted.load('https://other.example.jp')).toBeNull();
    expect(restarted.load(null)).toBeNull();

    // A later first page replaces it; a failed read leaves the last good one.
    restarted.observe(firstPage, answer(page([caseItem(3)])));
    restarted.observe(firstPage, { kind: 'no-response', reason: 'network' });
    expect(restarted.load(SERVER)?.cases.map((item) => item.id)).toEqual([3]);

    restarted.clear();
    expect(fs.existsSync(file)).toBe(false);
    expect(restarted.load(SERVER)).toBeNull();
    origin = null;
    restarted.observe(firstPage, answer(page([caseItem(4)])));
    expect(restarted.load(SERVER)).toBeNull();
  });

  it('writes nothing to disk without a real keychain, and keeps the queue in memory until the app quits', () => {
    const file = path.join(dir, 'offline-queue.bin');
    const store = createOfflineQueueStore({ safeStorage: { ...fakeSafeStorage('basic_text'), isEncryptionAvailable: () => process.platform === 'linux' }, file, serverOrigin: () => SERVER });
    store.observe(firstPage, answer(page([caseItem(5)])));
    if (process.platform === 'linux') expect(fs.existsSync(file)).toBe(false);
    expect(store.load(SERVER)?.cases.map((item) => item.id)).toEqual([5]);
  });

  it('is fed by the bridge: the renderer reads it back, and choosing another server drops it', async () => {
    const file = path.join(dir, 'offline-queue.bin');
    let settings: DesktopSettings = { ...DEFAULT_SETTINGS, serverOrigin: SERVER };
    const store: SettingsStore = { get: () => settings, update: (change) => (settings = { ...settings, ...change }) };
    let up = true;
    const network = jest.fn(async (input: Parameters<typeof fetch>[0]) => {
      if (!up) throw new TypeError('fetch failed');
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (url.pathname === '/api/moderation/cases') return new Response(JSON.stringify(page([caseItem(7)])), { status: 200, headers: { 'Content-Type': 'application/json' } });
      return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const proxy = createRequestProxy({ serverOrigin: () => store.get().serverOrigin, jar: new CookieJar(), allowlist: contractAllowlist(), fetch: network as typeof fetch });
    const offlineQueue = createOfflineQueueStore({ safeStorage: fakeSafeStorage(), file, serverOrigin: () => store.get().serverOrigin });
    const passkeys = createPasskeyCeremony({ serverOrigin: () => store.get().serverOrigin, platform: 'linux', openWindow: () => { throw new Error('no window'); } });
    const handlers = createBridgeHandlers({ proxy, settings: store, version: '1.0.0', isOnline: () => up, openExternal: () => undefined, passkeys, offlineQueue });

    expect(await handlers['hiraku:offline-queue'](undefined)).toBeNull();
    expect(await handlers['hiraku:request'](firstPage)).toMatchObject({ kind: 'response', status: 200 });
    up = false;
    expect(await handlers['hiraku:request'](firstPage)).toEqual({ kind: 'no-response', reason: 'network' });
    expect(await handlers['hiraku:offline-queue'](undefined)).toMatchObject({ serverOrigin: SERVER, cases: [{ id: 7, title: '宣伝らしき投稿7' }] });

    up = true;
    await handlers['hiraku:set-server']('https://another.example.jp');
    expect(fs.existsSync(file)).toBe(false);
    expect(await handlers['hiraku:offline-queue'](undefined)).toBeNull();
  });
});
