import { TIMINGS, TEXTS } from '@hiraku/shared';
import { createApiClient } from './apiClient';
import { ApiError, errorMessage } from './apiError';
import { createAuthApi } from './authApi';
import { createEndpointCaller } from './endpointClient';
import { readCookieValue } from './cookies';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Handler = (call: Call) => Promise<Response> | Response;

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that records every call and answers from a handler, like the real server would. */
function fakeServer(handler: Handler) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body,
      credentials: init?.credentials,
    };
    calls.push(call);
    return handler(call);
  }) as typeof fetch;
  return { calls, fetchImpl };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const withCookie = () => 'xsrf-1';

describe('401 handling: one refresh, one retry', () => {
  it('lets calls that fail together wait for a single refresh and then retries each of them once', async () => {
    let sessionFresh = false;
    const refreshGate = deferred<void>();
    const { calls, fetchImpl } = fakeServer(async (call) => {
      if (call.url.endsWith('/api/auth/refresh')) {
        await refreshGate.promise;
        sessionFresh = true;
        return json(200, { publicId: 'p1', tutorial: false, role: 'member' });
      }
      return sessionFresh ? json(200, { path: new URL(call.url).pathname }) : json(401, { error: 'authentication_required', message: 'ログインが必要です。' });
    });
    const client = createApiClient({ baseUrl: 'http://api.test', fetch: fetchImpl, readCookie: withCookie });
    const expired = jest.fn();
    client.onSessionExpired(expired);

    const results = Promise.all([client.get('/api/a'), client.post('/api/b', { x: 1 }), client.delete('/api/c')]);
    // Let all three first attempts come back 401 while the refresh is still out.
    await new Promise((r) => setTimeout(r, 0));
    refreshGate.resolve();

    await expect(results).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(calls.filter((c) => c.url.endsWith('/api/auth/refresh'))).toHaveLength(1);
    for (const path of ['/api/a', '/api/b', '/api/c']) expect(calls.filter((c) => c.url.endsWith(path))).toHaveLength(2);
    expect(expired).not.toHaveBeenCalled();
  });

  it('when the refresh is refused, fails every waiting call and announces the end of the session once', async () => {
    const { calls, fetchImpl } = fakeServer((call) =>
      call.url.endsWith('/api/auth/refresh') ? json(403, { error: 'authorization_error', message: 'x' }) : json(401, { error: 'authentication_required', message: 'ログインが必要です。' }),
    );
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: withCookie });
    const expired = jest.fn();
    client.onSessionExpired(expired);

    const outcomes = await Promise.allSettled([client.get('/api/a'), client.get('/api/b')]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.status).toBe(401);
    }
    expect(expired).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.url.endsWith('/api/auth/refresh'))).toHaveLength(1);
    expect(calls.filter((c) => c.url.endsWith('/api/a'))).toHaveLength(1);
  });

  it('does not refresh a second time when the retried call is refused again', async () => {
    const { calls, fetchImpl } = fakeServer((call) => (call.url.endsWith('/api/auth/refresh') ? json(200, {}) : json(401, { error: 'authentication_required', message: 'だめ' })));
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: withCookie });
    await expect(client.get('/api/a')).rejects.toMatchObject({ status: 401, message: 'だめ' });
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual(['/api/a', '/api/auth/refresh', '/api/a']);
  });

  it('never refreshes for the sign-in calls themselves: a 401 there is the answer', async () => {
    const { calls, fetchImpl } = fakeServer(() => json(401, { error: 'authentication_required', message: TEXTS.account.invalidCredentials }));
    const auth = createAuthApi(createEndpointCaller(createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: withCookie })));
    await expect(auth.login({ email: 'a@example.jp', password: 'x' })).rejects.toMatchObject({ status: 401, message: TEXTS.account.invalidCredentials });
    expect(calls).toHaveLength(1);
  });

  it('behind a host transport, leaves the refresh to the host: a 401 ends the session without a second refresh', async () => {
    const requests: string[] = [];
    const transport = async (request: { method: string; url: string }) => {
      requests.push(`${request.method} ${request.url}`);
      return { status: 401, body: { error: 'authentication_required', message: 'ログインが必要です。' } };
    };
    const client = createApiClient({ baseUrl: '', transport });
    const expired = jest.fn();
    client.onSessionExpired(expired);
    const outcomes = await Promise.allSettled([client.get('/api/a'), client.post('/api/b', {})]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(requests).toEqual(['GET /api/a', 'POST /api/b']);
    expect(expired).toHaveBeenCalled();

    // The session check on a public screen still fails quietly, and without a refresh of its own.
    requests.length = 0;
    expired.mockClear();
    await expect(createAuthApi(createEndpointCaller(client)).me()).rejects.toMatchObject({ status: 401 });
    expect(requests).toEqual(['GET /api/auth/me']);
    expect(expired).not.toHaveBeenCalled();
  });

  it('lets the session check fail quietly when there is no session to refresh', async () => {
    const { calls, fetchImpl } = fakeServer(() => json(401, { error: 'authentication_required', message: 'ログインが必要です。' }));
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: withCookie });
    const expired = jest.fn();
    client.onSessionExpired(expired);
    await expect(createAuthApi(createEndpointCaller(client)).me()).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me', '/api/auth/refresh']);
    expect(expired).not.toHaveBeenCalled();
  });
});

describe('anti-forgery header', () => {
  it('sends the cookie value on state-changing calls only', async () => {
    const { calls, fetchImpl } = fakeServer(() => json(200, {}));
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: (name) => (name === 'XSRF-TOKEN' ? 'tok en' : undefined) });
    await client.get('/api/x');
    await client.post('/api/x', { a: 1 });
    await client.put('/api/x', {});
    await client.patch('/api/x', {});
    await client.delete('/api/x');
    expect(calls[0]?.headers['X-XSRF-TOKEN']).toBeUndefined();
    for (const call of calls.slice(1)) expect(call.headers['X-XSRF-TOKEN']).toBe('tok en');
    expect(calls.every((c) => c.credentials === 'include')).toBe(true);
  });

  it('asks the server for the cookie first when the browser does not have it yet', async () => {
    let cookie: string | undefined;
    const { calls, fetchImpl } = fakeServer((call) => {
      if (call.url.endsWith('/api/auth/me')) {
        cookie = 'fresh';
        return json(401, { error: 'authentication_required', message: 'ログインが必要です。' });
      }
      return json(201, { message: 'ok' });
    });
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: () => cookie });
    await expect(client.post('/api/signup', { email: 'a@example.jp' })).resolves.toEqual({ message: 'ok' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/auth/me', 'POST /api/signup']);
    expect(calls[1]?.headers['X-XSRF-TOKEN']).toBe('fresh');
  });

  it('fetches a new token and retries once when the server rejects the old one', async () => {
    let cookie = 'old';
    const { calls, fetchImpl } = fakeServer((call) => {
      if (call.url.endsWith('/api/auth/me')) {
        cookie = 'new';
        return json(200, { publicId: 'p', tutorial: false, role: 'member' });
      }
      return call.headers['X-XSRF-TOKEN'] === 'new' ? json(200, { done: true }) : json(403, { error: 'csrf_error', message: TEXTS.common.forbiddenCsrf });
    });
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: () => cookie });
    await expect(client.post('/api/x')).resolves.toEqual({ done: true });
    expect(calls).toHaveLength(3);
  });
});

describe('bodies and errors', () => {
  it('sends JSON with its content type, and FormData untouched for the browser to frame', async () => {
    const { calls, fetchImpl } = fakeServer(() => json(200, {}));
    const client = createApiClient({ baseUrl: 'https://api.example.jp/', fetch: fetchImpl, readCookie: withCookie });
    await client.post('/api/json', { title: '縄' });
    const form = new FormData();
    form.append('title', '縄');
    await client.post('/api/form', form);
    await client.get('/api/list', { query: { sort: 'new', lastKey: undefined, limit: 8 } });
    expect(calls[0]?.body).toBe('{"title":"縄"}');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[1]?.body).toBe(form);
    expect(calls[1]?.headers['Content-Type']).toBeUndefined();
    expect(calls[2]?.url).toBe('https://api.example.jp/api/list?sort=new&limit=8');
  });

  it('reads the error body: the server message first, with fields and redirectUrl', async () => {
    const { fetchImpl } = fakeServer(() =>
      json(403, { error: 'email_not_verified', message: TEXTS.account.emailNotVerified, redirectUrl: '/verify-email?resend=1', fields: { email: 'x', bad: 1 } }),
    );
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: withCookie });
    const error = (await client.post('/api/auth/login', {}, { refreshOn401: false }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 403, code: 'email_not_verified', message: TEXTS.account.emailNotVerified, redirectUrl: '/verify-email?resend=1', fields: { email: 'x' } });
    expect(errorMessage(error, TEXTS.account.loginFailed)).toBe(TEXTS.account.emailNotVerified);
  });

  it('falls back to the screen text when the server sent no message', async () => {
    const { fetchImpl } = fakeServer(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: withCookie });
    const error = await client.get('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: TEXTS.common.serverError, serverMessage: undefined });
    expect(errorMessage(error, TEXTS.account.signupFailed)).toBe(TEXTS.account.signupFailed);
  });

  it('turns a failed connection into the request-failed text', async () => {
    const fetchImpl = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: withCookie });
    const error = await client.get('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: TEXTS.common.requestFailed });
    expect(errorMessage(error, TEXTS.account.deleteFailed, TEXTS.account.deleteNoResponse)).toBe(TEXTS.account.deleteNoResponse);
  });
});

describe('time limit', () => {
  afterEach(() => jest.useRealTimers());

  it('gives up after 15 s with the time-out text, even if the connection never answers', async () => {
    jest.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetchImpl = ((_input: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    }) as typeof fetch;
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: withCookie });
    const outcome = client.get('/api/slow').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(TIMINGS.requestTimeoutMs - 1);
    expect(signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({ code: 'timeout', message: TEXTS.common.requestTimeout });
    expect(signal?.aborted).toBe(true);
  });

  it('waits as long as it takes when a call asks for no limit', async () => {
    jest.useFakeTimers();
    const answer = deferred<Response>();
    const fetchImpl = (() => answer.promise) as typeof fetch;
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: withCookie });
    const outcome = client.delete('/api/profile/deleteAccount', { body: { password: 'x' }, timeoutMs: null });
    await jest.advanceTimersByTimeAsync(TIMINGS.requestTimeoutMs * 10);
    answer.resolve(json(200, { message: '削除しました' }));
    await expect(outcome).resolves.toEqual({ message: '削除しました' });
  });

  it('passes a cancellation by the caller through as an AbortError, not as a failure to show', async () => {
    const fetchImpl = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as typeof fetch;
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: withCookie });
    const controller = new AbortController();
    const outcome = client.get('/api/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    await expect(outcome).resolves.toMatchObject({ name: 'AbortError' });
  });
});

describe('readCookieValue', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(readCookieValue('a=1; XSRF-TOKEN=ab%2Bc; b=2', 'XSRF-TOKEN')).toBe('ab+c');
    expect(readCookieValue('XSRF-TOKENX=1', 'XSRF-TOKEN')).toBeUndefined();
    expect(readCookieValue('', 'XSRF-TOKEN')).toBeUndefined();
  });
});

describe("a page's first answers", () => {
  it('answers the first GET of each from the page, and every write still carries the anti-forgery token', async () => {
    const { calls, fetchImpl } = fakeServer(() => json(200, { from: 'server' }));
    const client = createApiClient({ baseUrl: '', fetch: fetchImpl, readCookie: withCookie, firstAnswers: { '/api/auth/me': { publicId: 'p1' } } });

    await expect(client.get('/api/auth/me')).resolves.toEqual({ publicId: 'p1' });
    expect(calls).toEqual([]);
    await expect(client.post('/api/likes/1/toggle')).resolves.toEqual({ from: 'server' });
    await expect(client.get('/api/auth/me')).resolves.toEqual({ from: 'server' });
    expect(calls.map((call) => [call.method, call.url, call.headers['X-XSRF-TOKEN']])).toEqual([
      ['POST', '/api/likes/1/toggle', 'xsrf-1'],
      ['GET', '/api/auth/me', undefined],
    ]);
  });
});
