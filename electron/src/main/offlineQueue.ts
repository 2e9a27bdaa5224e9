import fs from 'node:fs';
import type { SafeStorage } from 'electron';
import { CASE_TYPES, casePageSchema, FLAG_CATEGORIES, FLAG_TARGET_TYPES, hostRequestSchema, type HostResult } from '@hiraku/shared';
import { z } from 'zod';

/**
 * The read-only offline queue: the last first page of open cases the app loaded, shown while
 * the server cannot be reached.
 *
 * Kept by the main process, not in the renderer's storage: every answer already passes through the main
 * process (the request proxy), which can cut it down to the few fields below before anything touches the
 * disk, encrypt it with the OS keychain as it does the session (safeStorage), and drop it when the session
 * ends or the server changes. The renderer shows members' content and holds nothing of the session; its
 * storage would keep whatever it was given, in clear, in Chromium's profile.
 *
 * Minimal on purpose: what a case is, how urgent, who holds it. No report text, no flags' notes, no
 * operators' notes, no member e-mails, no images, nothing of the session.
 */
const MAX_CASES = 100;

const savedCaseSchema = z.object({
  id: z.number().int(),
  type: z.enum(CASE_TYPES),
  category: z.enum(FLAG_CATEGORIES),
  targetType: z.enum(FLAG_TARGET_TYPES),
  /** A report's title or a member's username, as the queue's list shows it; null when there is none. */
  title: z.string().max(200).nullable(),
  openedAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  flaggerCount: z.number().int().nonnegative(),
  escalated: z.boolean(),
  /** The holding operator's username (or public id). */
  claimedBy: z.string().nullable(),
});

export const offlineQueueSchema = z.object({
  /** The server these cases came from: a snapshot of another server is never shown. */
  serverOrigin: z.string(),
  savedAt: z.string(),
  open: z.number().int().nonnegative(),
  overdue: z.number().int().nonnegative(),
  cases: z.array(savedCaseSchema).max(MAX_CASES),
});
export type OfflineQueue = z.infer<typeof offlineQueueSchema>;

/**
 * Whether a renderer's call reads the queue as it first shows it: the open cases, first page, no filter
 * (a filtered or later page would leave the wrong picture of the queue).
 */
export function isQueueFirstPage(request: unknown): boolean {
  const parsed = hostRequestSchema.safeParse(request);
  if (!parsed.success || parsed.data.method !== 'GET' || parsed.data.path.replace(/\/$/, '') !== '/api/moderation/cases') return false;
  const query = new Map(parsed.data.query);
  if (query.get('status') !== 'open') return false;
  return parsed.data.query.every(([key, value]) => key === 'status' || value === '' || (key === 'overdue' && value === 'false'));
}

/** The snapshot of an answer to that call, or null when the answer is not a page of cases. */
export function snapshotOf(result: HostResult, serverOrigin: string, now = new Date()): OfflineQueue | null {
  if (result.kind !== 'response' || result.status !== 200) return null;
  const page = casePageSchema.safeParse(result.body);
  if (!page.success) return null;
  return {
    serverOrigin,
    savedAt: now.toISOString(),
    open: page.data.counts.open,
    overdue: page.data.counts.overdue,
    cases: page.data.items.slice(0, MAX_CASES).map((item) => ({
      id: item.id,
      type: item.type,
      category: item.category,
      targetType: item.target.type,
      title: item.target.title === null ? null : item.target.title.slice(0, 200),
      openedAt: item.openedAt,
      dueAt: item.dueAt,
      overdue: item.overdue,
      flaggerCount: item.flaggerCount,
      escalated: item.escalation !== null,
      claimedBy: item.claimedBy ? (item.claimedBy.username ?? item.claimedBy.publicId) : null,
    })),
  };
}

type Encryption = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> & {
  getSelectedStorageBackend?: SafeStorage['getSelectedStorageBackend'];
};

export interface OfflineQueueStore {
  /** After each call through the bridge: keeps the queue's first page when that is what came back. */
  observe(request: unknown, result: HostResult): void;
  /** The saved queue of `serverOrigin`, or null. */
  load(serverOrigin: string | null): OfflineQueue | null;
  /** The session ended or the server changed: nothing of it stays. */
  clear(): void;
}

/**
 * On disk only as the OS keychain's ciphertext (as the session, sessionStore.ts); where there is no real
 * keychain (Linux's basic_text), in memory only, so the offline view still works until the app quits.
 */
export function createOfflineQueueStore({ safeStorage, file, serverOrigin }: { safeStorage: Encryption; file: string; serverOrigin: () => string | null }): OfflineQueueStore {
  const canEncrypt = () =>
    safeStorage.isEncryptionAvailable() && (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend?.() !== 'basic_text');
  let inMemory: OfflineQueue | null = null;

  const clear = () => {
    inMemory = null;
    fs.rmSync(file, { force: true });
  };

  return {
    observe(request, result) {
      const origin = serverOrigin();
      if (origin === null || !isQueueFirstPage(request)) return;
      const snapshot = snapshotOf(result, origin);
      if (!snapshot) return;
      inMemory = snapshot;
      if (canEncrypt()) fs.writeFileSync(file, safeStorage.encryptString(JSON.stringify(snapshot)), { mode: 0o600 });
    },
    load(origin) {
      if (origin === null) return null;
      let found = inMemory;
      if (!found && canEncrypt()) {
        try {
          const parsed = offlineQueueSchema.safeParse(JSON.parse(safeStorage.decryptString(fs.readFileSync(file))));
          if (parsed.success) found = parsed.data;
        } catch {
          // Missing, damaged or from another user: nothing to show.
        }
      }
      return found && found.serverOrigin === origin ? found : null;
    },
    clear,
  };
}
