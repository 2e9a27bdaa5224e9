import { DESKTOP_MESSAGES } from '@hiraku/shared';

export type ServerUrlResult = { ok: true; origin: string } | { ok: false; message: string };

/** Plain http is only for a server on this machine, where nothing travels over a network. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1']);

/**
 * The server address an operator typed: https:// required except for localhost and 127.0.0.1, no
 * credentials in it, and only the origin is kept (the API always lives under /api of that origin).
 */
export function parseServerUrl(input: string): ServerUrlResult {
  const text = input.trim();
  if (!text) return { ok: false, message: DESKTOP_MESSAGES.serverUrlRequired };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: DESKTOP_MESSAGES.serverUrlInvalid };
  }
  if (url.username || url.password || !url.hostname) return { ok: false, message: DESKTOP_MESSAGES.serverUrlInvalid };
  if (url.protocol === 'https:') return { ok: true, origin: url.origin };
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname) ? { ok: true, origin: url.origin } : { ok: false, message: DESKTOP_MESSAGES.serverUrlHttpsRequired };
  }
  return { ok: false, message: DESKTOP_MESSAGES.serverUrlInvalid };
}
