import type { ReportAutosaveValues } from '@hiraku/shared';

/**
 * The report being written in this browser: which autosave row it is, and its words while
 * the server has not confirmed them, so a reload finds the row, and a crash, a lost connection or a
 * session that expired mid-sentence loses nothing: the form sends them as soon as it can. Dropped when
 * the report is saved or the row discarded. One slot per member (by public id), so another member signing in on the
 * same browser never sees them; a logout on purpose drops every slot (a shared device keeps nothing).
 */
const PREFIX = 'hiraku.reportDraft.';

export interface LocalDraft {
  /** The server's autosave row, once there is one. */
  autosaveId: number | null;
  /** The report being edited; null for a new one. */
  reportId: number | null;
  values: ReportAutosaveValues;
  /** The server holds exactly these values: on return the server's row (perhaps newer, from another device) wins. */
  synced: boolean;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const localDraftStore = {
  read(member: string): LocalDraft | null {
    const raw = storage()?.getItem(PREFIX + member);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as LocalDraft;
    } catch {
      return null;
    }
  },
  write(member: string, draft: LocalDraft): void {
    try {
      storage()?.setItem(PREFIX + member, JSON.stringify(draft));
    } catch {
      // A full or refused storage: the server copy is all there is, as before.
    }
  },
  clear(member: string): void {
    storage()?.removeItem(PREFIX + member);
  },
  clearAll(): void {
    const store = storage();
    if (!store) return;
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((key): key is string => key?.startsWith(PREFIX) ?? false);
    for (const key of keys) store.removeItem(key);
  },
};
