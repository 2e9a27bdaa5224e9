import { networkError, timeoutError } from './apiError';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1. */
  ratio: number;
}

export interface TransportRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
  credentials: 'include' | 'omit';
  /** null: no time limit (the caller shows its own "taking long" message instead). */
  timeoutMs: number | null;
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface TransportResponse {
  status: number;
  /** Parsed JSON, or undefined for an empty or non-JSON body. */
  body: unknown;
}

/** Sends one HTTP request. Rejects with an ApiError when nothing usable came back, or an AbortError when the caller cancelled. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export function parseJsonBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function abortError(): DOMException {
  return new DOMException('The request was cancelled.', 'AbortError');
}

/**
 * fetch with a time limit. The limit races the whole exchange (body included) rather than trusting the
 * abort to be honoured, so a stalled connection still ends with the time-out message.
 */
export function fetchTransport(fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Transport {
  return (request) => {
    if (request.signal?.aborted) return Promise.reject(abortError());
    const controller = new AbortController();
    const cancel = () => controller.abort();
    request.signal?.addEventListener('abort', cancel, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;

    const exchange = (async (): Promise<TransportResponse> => {
      let response: Response;
      try {
        response = await fetchImpl(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          credentials: request.credentials,
          signal: controller.signal,
        });
        return { status: response.status, body: parseJsonBody(await response.text()) };
      } catch {
        if (request.signal?.aborted) throw abortError();
        throw networkError();
      }
    })();

    const limit =
      request.timeoutMs === null
        ? null
        : new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              reject(timeoutError());
              controller.abort();
            }, request.timeoutMs ?? 0);
          });

    const settled = limit ? Promise.race([exchange, limit]) : exchange;
    // The losing side of the race may still reject later; it has nobody left to tell.
    exchange.catch(() => undefined);
    return settled.finally(() => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', cancel);
    });
  };
}

/** XMLHttpRequest, for the one thing fetch cannot report: how much of an upload has been sent. */
export function xhrTransport(createXhr: () => XMLHttpRequest = () => new XMLHttpRequest()): Transport {
  return (request) =>
    new Promise<TransportResponse>((resolve, reject) => {
      if (request.signal?.aborted) {
        reject(abortError());
        return;
      }
      const xhr = createXhr();
      xhr.open(request.method, request.url);
      xhr.withCredentials = request.credentials === 'include';
      for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
      if (request.timeoutMs !== null) xhr.timeout = request.timeoutMs;
      const { onUploadProgress } = request;
      if (onUploadProgress) {
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onUploadProgress({ loaded: event.loaded, total: event.total, ratio: event.loaded / event.total });
        };
      }
      const cancel = () => xhr.abort();
      request.signal?.addEventListener('abort', cancel, { once: true });
      const done = () => request.signal?.removeEventListener('abort', cancel);
      xhr.onload = () => {
        done();
        resolve({ status: xhr.status, body: parseJsonBody(xhr.responseText) });
      };
      xhr.onerror = () => {
        done();
        reject(networkError());
      };
      xhr.ontimeout = () => {
        done();
        reject(timeoutError());
      };
      xhr.onabort = () => {
        done();
        reject(abortError());
      };
      xhr.send(request.body ?? null);
    });
}
