import { japanDay } from '@hiraku/shared';

const STORAGE_KEY = 'hiraku.analyticsVisitor';

function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A random key for this browser, renewed every day (docs/decisions.md: no member id, no IP address), so
 * visitors can be counted within a day but not followed across days. None where storage is off.
 */
export function dailyVisitorKey(storage: Pick<Storage, 'getItem' | 'setItem'> | null, now = Date.now()): string | undefined {
  if (!storage) return undefined;
  // The server counts days in Japan time, so the key changes at its midnight.
  const day = japanDay(new Date(now));
  try {
    const stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as { day?: unknown; key?: unknown } | null;
    if (stored?.day === day && typeof stored.key === 'string') return stored.key;
    const key = randomKey();
    storage.setItem(STORAGE_KEY, JSON.stringify({ day, key }));
    return key;
  } catch {
    return undefined;
  }
}
