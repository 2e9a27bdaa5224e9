import { COOKIE_NAMES, endpointPath, TIMINGS, XSRF_HEADER } from '@hiraku/shared';
import { errorFromResponse } from './apiError';
import { readDocumentCookie } from './cookies';
import { firstAnswersTransport } from './firstAnswers';
import { fetchTransport, xhrTransport, type HttpMethod, type Transport, type TransportResponse, type UploadProgress } from './transport';

/** The client itself calls these: the session check gives a first visit its XSRF cookie, refresh renews the session. */
export const SESSION_PATHS = {
  me: endpointPath('auth.me'),
  refresh: endpointPath('auth.refresh'),
} as const;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Each value but null and undefined goes into the query string as text. */
  query?: object;
  /** Sent as JSON, except FormData, which goes as it is (multipart). */
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the 15 s limit; null for none (a screen that shows its own "taking long" message). */
  timeoutMs?: number | null;
  /** 'omit' for the calls docs/product.md wants made without cookies (e-mail verification). */
  credentials?: 'include' | 'omit';
  /** False for the sign-in calls themselves: a 401 there means wrong details, not an expired session. */
  refreshOn401?: boolean;
  /** False when a failed refresh should only fail this call, e.g. the session check on a public page. */
  expireSessionOnRefreshFailure?: boolean;
  /** Uploads with progress go through XMLHttpRequest; fetch cannot report it. */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface ApiClientOptions {
  /** '' for the origin that served the page. */
  baseUrl: string;
  fetch?: typeof fetch;
  createXhr?: () => XMLHttpRequest;
  readCookie?: (name: string) => string | undefined;
  timeoutMs?: number;
  /** A host that sends every call itself and owns the cookies and the XSRF token (the desktop app). */
  transport?: Transport;
  /** The answers a page rendered on the server brought, by address: the first GET of each is answered from them (firstAnswers.ts). */
  firstAnswers?: Readonly<Record<string, unknown>> | null;
}

/**
 * Answers are `unknown` here: typed answers come from the endpoint map (createEndpointCaller), which is
 * what every screen goes through.
 */
export interface ApiClient {
  request(method: HttpMethod, path: string, options?: RequestOptions): Promise<unknown>;
  get(path: string, options?: RequestOptions): Promise<unknown>;
  post(path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  put(path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  patch(path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  delete(path: string, options?: RequestOptions): Promise<unknown>;
  /** Called when a refresh is refused: the session is over and the member must sign in again. */
  onSessionExpired(listener: () => void): () => void;
}

const STATE_CHANGING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RefreshOutcome = 'refreshed' | 'refused';

interface RefreshRound {
  outcome: Promise<RefreshOutcome>;
  expiryAnnounced: boolean;
}

function buildUrl(baseUrl: string, path: string, query?: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * The typed HTTP client every screen uses. Cookies go with every call; state-changing calls carry the
 * anti-forgery header. A 401 gets one refresh and one retry (behind a host transport, the host's, not
 * ours); calls that hit 401 while a refresh is running wait for that same refresh (docs/product.md §4),
 * because a refresh token used twice revokes the whole session family (docs/decisions.md).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const network = options.transport ?? fetchTransport(options.fetch);
  const fetchBased = options.firstAnswers ? firstAnswersTransport(options.firstAnswers, network) : network;
  const xhrBased = options.transport ?? xhrTransport(options.createXhr);
  const readCookie = options.readCookie ?? readDocumentCookie;
  const defaultTimeout = options.timeoutMs ?? TIMINGS.requestTimeoutMs;
  const expiryListeners = new Set<() => void>();
  let refreshRound: RefreshRound | null = null;
  let xsrfFetch: Promise<void> | null = null;

  function send(method: HttpMethod, path: string, request: RequestOptions, xsrfToken: string | undefined): Promise<TransportResponse> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: string | FormData | undefined;
    if (request.body instanceof FormData) body = request.body;
    else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    if (xsrfToken) headers[XSRF_HEADER] = xsrfToken;
    const transport: Transport = request.onUploadProgress ? xhrBased : fetchBased;
    return transport({
      method,
      url: buildUrl(options.baseUrl, path, request.query),
      headers,
      body,
      credentials: request.credentials ?? 'include',
      timeoutMs: request.timeoutMs === undefined ? defaultTimeout : request.timeoutMs,
      signal: request.signal,
      onUploadProgress: request.onUploadProgress,
    });
  }

  /** The server sets the readable XSRF cookie on any answer; a first visit may not have it yet. */
  async function xsrfToken(forceNew: boolean): Promise<string | undefined> {
    // A host transport owns the cookies and adds the token itself.
    if (options.transport) return undefined;
    const current = readCookie(COOKIE_NAMES.xsrf);
    if (current && !forceNew) return current;
    xsrfFetch ??= send('GET', SESSION_PATHS.me, {}, undefined)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        xsrfFetch = null;
      });
    await xsrfFetch;
    return readCookie(COOKIE_NAMES.xsrf);
  }

  function refresh(): RefreshRound {
    if (refreshRound) return refreshRound;
    const round: RefreshRound = {
      expiryAnnounced: false,
      // A host transport (the desktop app's main process) refreshes and retries on a 401 itself: a 401
      // that still reaches us means its refresh was refused, and a second one from here would only spend
      // the refresh token again (which revokes the session family). So only the host ever refreshes.
      outcome: options.transport ? Promise.resolve<RefreshOutcome>('refused') : (async () => {
        const token = await xsrfToken(false);
        const response = await send('POST', SESSION_PATHS.refresh, {}, token);
        if (isSuccess(response.status)) return 'refreshed';
        if (response.status === 401 || response.status === 403) return 'refused';
        throw errorFromResponse(response.status, response.body);
      })(),
    };
    refreshRound = round;
    const clear = () => {
      if (refreshRound === round) refreshRound = null;
    };
    round.outcome.then(clear, clear);
    return round;
  }

  function announceExpiry(round: RefreshRound) {
    if (round.expiryAnnounced) return;
    round.expiryAnnounced = true;
    for (const listener of expiryListeners) listener();
  }

  async function request(method: HttpMethod, path: string, request: RequestOptions = {}): Promise<unknown> {
    const needsXsrf = STATE_CHANGING.has(method);
    const mayRefresh = (request.refreshOn401 ?? true) && path !== SESSION_PATHS.refresh;
    let refreshed = false;
    let xsrfRenewed = false;

    for (;;) {
      const token = needsXsrf ? await xsrfToken(false) : undefined;
      const response = await send(method, path, request, token);
      if (isSuccess(response.status)) return response.body;

      const error = errorFromResponse(response.status, response.body);
      if (response.status === 401 && mayRefresh && !refreshed) {
        refreshed = true;
        const round = refresh();
        const outcome = await round.outcome;
        if (outcome === 'refreshed') continue;
        if (request.expireSessionOnRefreshFailure ?? true) announceExpiry(round);
        throw error;
      }
      // A token that rotated in another tab: fetch the current one and try once more.
      if (response.status === 403 && error.code === 'csrf_error' && needsXsrf && !xsrfRenewed) {
        xsrfRenewed = true;
        await xsrfToken(true);
        continue;
      }
      throw error;
    }
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    onSessionExpired(listener) {
      expiryListeners.add(listener);
      return () => expiryListeners.delete(listener);
    },
  };
}

