import {
  COOKIE_NAMES,
  DESKTOP_MESSAGES,
  endpointPath,
  hostRequestSchema,
  isOperatorRole,
  XSRF_HEADER,
  type HostMethod,
  type HostResult,
  type ParsedHostRequest,
  type SessionUser,
} from '@hiraku/shared';
import type { CookieJar } from './cookieJar';
import type { EndpointAllowlist } from './endpointAllowlist';

/** Read by the server's sessions list (server/src/auth/userAgent.ts DESKTOP_APP_AGENT). */
export const DESKTOP_USER_AGENT = 'HirakuDesktop/1 (Electron)';

/** The session calls the proxy itself makes or watches, from the endpoint map. */
export const AUTH_PATHS = {
  login: endpointPath('auth.login'),
  logout: endpointPath('auth.logout'),
  refresh: endpointPath('auth.refresh'),
  me: endpointPath('auth.me'),
  loginCode: endpointPath('auth.loginCode'),
  stream: endpointPath('notifications.stream'),
} as const;

/** Calls whose 401 means wrong details or no session, never "refresh and try again". */
const NO_REFRESH: ReadonlySet<string> = new Set([AUTH_PATHS.login, AUTH_PATHS.loginCode, AUTH_PATHS.logout, AUTH_PATHS.refresh]);
const STATE_CHANGING: ReadonlySet<HostMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestProxyOptions {
  /** The server's origin (from the stored settings), or null before the operator has chosen one. */
  serverOrigin: () => string | null;
  jar: CookieJar;
  allowlist: EndpointAllowlist;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** After any change to the jar, so the session can be stored (encrypted) for the next start. */
  onJarChange?: (jar: CookieJar) => void;
  /** Whether the last attempt reached the server at all: drives the offline state. */
  onReachability?: (reachable: boolean) => void;
}

export interface RequestProxy {
  /** One call from the renderer: anything, validated here before a byte goes out. */
  call(input: unknown): Promise<HostResult>;
  /** Ends the session on the server (best effort) and always empties the jar. */
  logout(): Promise<void>;
  /**
   * The event stream of the session (`notifications.stream`) for the main process's own client
   * (caseStream.ts), never the renderer's: sent with the jar's cookie and `Last-Event-ID`, its body left
   * open for the caller to read until `signal` aborts it. Null when the server cannot be reached.
   */
  openStream(request: { lastEventId: string | null; signal: AbortSignal }): Promise<StreamAnswer | null>;
  /** Renews the session once (shared with the calls' own refresh): true when the server did. */
  refreshSession(): Promise<boolean>;
}

export interface StreamAnswer {
  status: number;
  body: ReadableStream<Uint8Array> | null;
}

type Answer = { kind: 'response'; status: number; body: unknown };

function refusal(status: number, error: string, message: string): Answer {
  return { kind: 'response', status, body: { error, message } };
}

function isOperator(body: unknown): boolean {
  return typeof body === 'object' && body !== null && isOperatorRole((body as Partial<SessionUser>).role);
}

/** The password was right and the code step comes next: not a session yet, so nothing to refuse. */
function isTwoFactorChallenge(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { twoFactorRequired?: unknown }).twoFactorRequired === true;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

class NoResponse extends Error {
  constructor(readonly reason: 'network' | 'timeout') {
    super(reason);
  }
}

/**
 * The desktop app's only way to the API: a plain Node module, so it is tested without
 * Electron. The renderer names an endpoint; this checks it against the declared endpoints, sends it
 * with the cookie jar and the anti-forgery header, refreshes an expired session once, and refuses to
 * keep a member's session at all: the app is for operators.
 */
export function createRequestProxy(options: RequestProxyOptions): RequestProxy {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const { jar } = options;
  let refreshing: Promise<boolean> | null = null;

  async function send(origin: string, method: HostMethod, path: string, query: [string, string][], body: unknown): Promise<Answer> {
    const url = new URL(path, origin);
    for (const [key, value] of query) url.searchParams.append(key, value);
    // Named, so that the member's sessions list shows "the desktop app" rather than an unknown browser.
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': DESKTOP_USER_AGENT };
    const cookie = jar.header(url.pathname, url.protocol === 'https:' || ['localhost', '127.0.0.1'].includes(url.hostname));
    if (cookie) headers.Cookie = cookie;
    const xsrf = jar.get(COOKIE_NAMES.xsrf);
    if (xsrf && STATE_CHANGING.has(method)) headers[XSRF_HEADER] = xsrf;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      options.onReachability?.(false);
      throw new NoResponse(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network');
    }
    const text = await response.text().catch(() => '');
    options.onReachability?.(true);
    const setCookies = response.headers.getSetCookie();
    if (setCookies.length) {
      jar.store(setCookies);
      options.onJarChange?.(jar);
    }
    return { kind: 'response', status: response.status, body: parseBody(text) };
  }

  /** The server hands out the XSRF cookie on any answer; a fresh jar fetches it once before writing. */
  async function ensureXsrf(origin: string): Promise<void> {
    if (!jar.get(COOKIE_NAMES.xsrf)) await send(origin, 'GET', AUTH_PATHS.me, [], undefined);
  }

  /** One refresh at a time: a refresh token used twice revokes its whole family (docs/decisions.md). */
  function refresh(origin: string): Promise<boolean> {
    refreshing ??= (async () => {
      await ensureXsrf(origin);
      const answer = await send(origin, 'POST', AUTH_PATHS.refresh, [], undefined);
      return answer.status >= 200 && answer.status < 300;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function clearJar(): void {
    jar.clear();
    options.onJarChange?.(jar);
  }

  async function endSession(origin: string): Promise<void> {
    try {
      await ensureXsrf(origin);
      await send(origin, 'POST', AUTH_PATHS.logout, [], undefined);
    } catch {
      // Offline: the jar is emptied anyway, and the server-side session simply runs out.
    }
    clearJar();
  }

  async function perform(origin: string, request: ParsedHostRequest): Promise<Answer> {
    const { method, path, query, body } = request;
    if (STATE_CHANGING.has(method)) await ensureXsrf(origin);
    let answer = await send(origin, method, path, query, body);
    if (answer.status === 401 && !NO_REFRESH.has(path) && (await refresh(origin))) {
      answer = await send(origin, method, path, query, body);
    }
    const signingIn = path === AUTH_PATHS.login || path === AUTH_PATHS.loginCode;
    if (signingIn && answer.status >= 200 && answer.status < 300 && !isOperator(answer.body) && !isTwoFactorChallenge(answer.body)) {
      await endSession(origin);
      return refusal(403, 'authorization_error', DESKTOP_MESSAGES.operatorsOnly);
    }
    return answer;
  }

  return {
    async call(input) {
      const parsed = hostRequestSchema.safeParse(input);
      if (!parsed.success) return refusal(400, 'validation_error', DESKTOP_MESSAGES.callRefused);
      const verdict = options.allowlist.check(parsed.data);
      if (verdict === 'undeclared') return refusal(403, 'authorization_error', DESKTOP_MESSAGES.callRefused);
      if (verdict === 'invalid') return refusal(400, 'validation_error', DESKTOP_MESSAGES.callRefused);
      const origin = options.serverOrigin();
      if (!origin) return refusal(400, 'validation_error', DESKTOP_MESSAGES.serverNotConfigured);
      try {
        return await perform(origin, parsed.data);
      } catch (error) {
        if (error instanceof NoResponse) return { kind: 'no-response', reason: error.reason };
        throw error;
      } finally {
        // Logging out empties the jar even when the server could not be told.
        if (parsed.data.path === AUTH_PATHS.logout) clearJar();
      }
    },
    async logout() {
      const origin = options.serverOrigin();
      if (origin) await endSession(origin);
      else clearJar();
    },
    async openStream({ lastEventId, signal }) {
      const origin = options.serverOrigin();
      if (!origin) return null;
      const url = new URL(AUTH_PATHS.stream, origin);
      const headers: Record<string, string> = { Accept: 'text/event-stream', 'User-Agent': DESKTOP_USER_AGENT };
      const cookie = jar.header(url.pathname, url.protocol === 'https:' || ['localhost', '127.0.0.1'].includes(url.hostname));
      if (cookie) headers.Cookie = cookie;
      if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
      try {
        // No timeout of its own: the stream stays open; the caller's heartbeat watchdog aborts it.
        const response = await fetchImpl(url, { method: 'GET', headers, redirect: 'manual', signal });
        const setCookies = response.headers.getSetCookie();
        if (setCookies.length) {
          jar.store(setCookies);
          options.onJarChange?.(jar);
        }
        return { status: response.status, body: response.body };
      } catch {
        return null;
      }
    },
    async refreshSession() {
      const origin = options.serverOrigin();
      if (!origin) return false;
      try {
        return await refresh(origin);
      } catch {
        return false;
      }
    },
  };
}
