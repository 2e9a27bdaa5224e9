/**
 * The desktop app's cookies for its one server, kept in the main process so the renderer never holds
 * the session. Only what the API sets is modelled: name, value, path, expiry and Secure; one server
 * means no domain matching is needed.
 */
export interface StoredCookie {
  name: string;
  value: string;
  path: string;
  /** Epoch milliseconds; null for a cookie that lasts as long as the session it belongs to. */
  expiresAt: number | null;
  secure: boolean;
}

function parseSetCookie(header: string, now: number): StoredCookie | null {
  const [pair, ...attributes] = header.split(';');
  const separator = pair?.indexOf('=') ?? -1;
  if (!pair || separator <= 0) return null;
  const cookie: StoredCookie = { name: pair.slice(0, separator).trim(), value: pair.slice(separator + 1).trim(), path: '/', expiresAt: null, secure: false };
  let maxAge: number | null = null;
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (key === 'path' && value.startsWith('/')) cookie.path = value;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
    else if (key === 'expires') {
      const time = Date.parse(value);
      if (!Number.isNaN(time)) cookie.expiresAt = time;
    }
  }
  // Max-Age wins over Expires (RFC 6265 section 5.3).
  if (maxAge !== null) cookie.expiresAt = now + maxAge * 1000;
  return cookie;
}

function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}

export class CookieJar {
  private cookies: StoredCookie[];

  constructor(
    initial: readonly StoredCookie[] = [],
    private readonly now: () => number = Date.now,
  ) {
    this.cookies = initial.filter((cookie) => !this.expired(cookie));
  }

  private expired(cookie: StoredCookie): boolean {
    return cookie.expiresAt !== null && cookie.expiresAt <= this.now();
  }

  /** Takes the Set-Cookie headers of one answer; an expired or emptied cookie is removed. */
  store(setCookieHeaders: readonly string[]): void {
    for (const header of setCookieHeaders) {
      const cookie = parseSetCookie(header, this.now());
      if (!cookie) continue;
      this.cookies = this.cookies.filter((existing) => !(existing.name === cookie.name && existing.path === cookie.path));
      if (cookie.value !== '' && !this.expired(cookie)) this.cookies.push(cookie);
    }
  }

  /** The Cookie header for a request to this path, longest paths first as browsers do. */
  header(requestPath: string, secureChannel: boolean): string | undefined {
    const matching = this.cookies
      .filter((cookie) => !this.expired(cookie) && pathMatches(cookie.path, requestPath) && (secureChannel || !cookie.secure))
      .sort((a, b) => b.path.length - a.path.length);
    return matching.length ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') : undefined;
  }

  get(name: string): string | undefined {
    return this.cookies.find((cookie) => cookie.name === name && !this.expired(cookie))?.value;
  }

  clear(): void {
    this.cookies = [];
  }

  snapshot(): StoredCookie[] {
    return this.cookies.filter((cookie) => !this.expired(cookie)).map((cookie) => ({ ...cookie }));
  }
}
