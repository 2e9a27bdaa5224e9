import { COOKIE_NAMES, XSRF_HEADER } from '@hiraku/shared';

export type JsonObject = Record<string, unknown>;

export interface HttpResponse<T = JsonObject> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: T;
  /** The raw Set-Cookie lines of this answer, for asserting cookie attributes. */
  setCookies: string[];
}

export interface RequestOptions {
  /** Sent as JSON, except a FormData, which goes as multipart (uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send X-XSRF-TOKEN from the cookie on state-changing calls (default true), as the web client does. */
  xsrf?: boolean;
  /** Aborts the call (e.g. AbortSignal.timeout), so a test can bound how long it waits for an answer. */
  signal?: AbortSignal;
}

/**
 * The answer's text; of an event stream (which never ends by itself), everything up to its first event,
 * then the connection is closed. Every stream of the API sends an event at once (endpoint map).
 */
export async function answerText(res: Response): Promise<string> {
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) return res.text();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (!/(^|\n)event: [^\n]*\n(?:[^\n]+\n)*\n/.test(text)) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expiresAt: number | null;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A browser-like HTTP client for integration tests: keeps cookies (honouring Path, Max-Age and Expires),
 * and behaves like the web client's anti-forgery handling: before its first state-changing call it fetches
 * an XSRF-TOKEN cookie (GET /api/auth/me) and echoes it in X-XSRF-TOKEN.
 */
export class HttpClient {
  private readonly jar = new Map<string, StoredCookie>();

  constructor(readonly baseUrl: string) {}

  get<T = JsonObject>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = JsonObject>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = JsonObject>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  patch<T = JsonObject>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  delete<T = JsonObject>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('DELETE', path, { ...options, body });
  }

  async request<T = JsonObject>(method: string, path: string, { body, headers = {}, xsrf = true, signal }: RequestOptions = {}): Promise<HttpResponse<T>> {
    const sendXsrf = xsrf && UNSAFE.has(method);
    if (sendXsrf && !this.cookie(COOKIE_NAMES.xsrf)) await this.get('/api/auth/me', { signal });
    const url = new URL(path, this.baseUrl);
    const outgoing: Record<string, string> = { accept: 'application/json' };
    const cookieHeader = this.cookieHeader(url.pathname);
    if (cookieHeader) outgoing.cookie = cookieHeader;
    const token = this.cookie(COOKIE_NAMES.xsrf);
    if (sendXsrf && token) outgoing[XSRF_HEADER] = token;
    const isForm = body instanceof FormData;
    // fetch writes the multipart boundary into Content-Type itself.
    if (body !== undefined && !isForm) outgoing['content-type'] = 'application/json';
    const res = await fetch(url, {
      method,
      headers: { ...outgoing, ...headers },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      redirect: 'manual',
      signal,
    });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) this.store(line);
    const text = await answerText(res);
    const parsed: unknown = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    return { status: res.status, headers: res.headers, body: parsed as T, setCookies };
  }

  /** The current value of a cookie (any path), if the jar holds a live one. */
  cookie(name: string): string | undefined {
    this.dropExpired();
    for (const cookie of this.jar.values()) if (cookie.name === name) return cookie.value;
    return undefined;
  }

  setCookie(name: string, value: string, path = '/'): void {
    this.jar.set(`${name};${path}`, { name, value, path, expiresAt: null });
  }

  deleteCookie(name: string): void {
    for (const [key, cookie] of this.jar) if (cookie.name === name) this.jar.delete(key);
  }

  /** A second client that starts with a copy of this one's cookies (e.g. a stolen refresh token). */
  clone(): HttpClient {
    const copy = new HttpClient(this.baseUrl);
    for (const [key, cookie] of this.jar) copy.jar.set(key, { ...cookie });
    return copy;
  }

  /** The Cookie header this client would send to `pathname`, for hand-made requests. */
  cookieHeader(pathname = '/'): string {
    this.dropExpired();
    return [...this.jar.values()]
      .filter((cookie) => pathname === cookie.path || pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    if (eq <= 0) return;
    const cookie: StoredCookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1), path: '/', expiresAt: null };
    for (const attribute of attributes) {
      const [key = '', ...rest] = attribute.split('=');
      const value = rest.join('=');
      switch (key.toLowerCase()) {
        case 'path':
          cookie.path = value || '/';
          break;
        case 'max-age':
          cookie.expiresAt = Date.now() + Number(value) * 1000;
          break;
        case 'expires':
          // Max-Age wins over Expires when both are given.
          if (!attributes.some((a) => a.toLowerCase().startsWith('max-age='))) cookie.expiresAt = Date.parse(value);
          break;
      }
    }
    const key = `${cookie.name};${cookie.path}`;
    if (cookie.value === '' || (cookie.expiresAt !== null && cookie.expiresAt <= Date.now())) this.jar.delete(key);
    else this.jar.set(key, cookie);
  }

  private dropExpired(): void {
    const now = Date.now();
    for (const [key, cookie] of this.jar) if (cookie.expiresAt !== null && cookie.expiresAt <= now) this.jar.delete(key);
  }
}

export const createHttpClient = (baseUrl: string) => new HttpClient(baseUrl);
