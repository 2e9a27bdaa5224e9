import { DESKTOP_MESSAGES, type HostRequest, type HostResult } from '@hiraku/shared';
import { ApiError, networkError, timeoutError } from '../api/apiError';
import type { Transport } from '../api/transport';

function abortError(): DOMException {
  return new DOMException('The request was cancelled.', 'AbortError');
}

/** The JSON text the client built, back to a value: the host sends it as JSON again. */
function bodyValue(body: string | FormData | undefined): unknown {
  if (body === undefined) return undefined;
  if (typeof body !== 'string') throw new ApiError({ status: 0, code: 'unknown', message: DESKTOP_MESSAGES.callRefused });
  return JSON.parse(body) as unknown;
}

/**
 * A Transport that hands each call to the host (the desktop app's main process) as method, path, query
 * and body. Cookies, the anti-forgery header and the server's address stay on the other side. The time
 * limit and cancelling are kept here: an answer that arrives too late is dropped.
 */
export function hostTransport(send: (request: HostRequest) => Promise<HostResult>): Transport {
  return (request) => {
    if (request.signal?.aborted) return Promise.reject(abortError());
    const url = new URL(request.url, 'http://host.invalid');
    let hostRequest: HostRequest;
    try {
      hostRequest = { method: request.method, path: url.pathname, query: [...url.searchParams.entries()], body: bodyValue(request.body) as HostRequest['body'] };
    } catch (error) {
      return Promise.reject(error instanceof ApiError ? error : networkError());
    }
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = () => {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', cancel);
      };
      const cancel = () => {
        finish();
        reject(abortError());
      };
      request.signal?.addEventListener('abort', cancel, { once: true });
      if (request.timeoutMs !== null) {
        timer = setTimeout(() => {
          finish();
          reject(timeoutError());
        }, request.timeoutMs);
      }
      send(hostRequest).then(
        (result) => {
          finish();
          if (result.kind === 'response') resolve({ status: result.status, body: result.body });
          else reject(result.reason === 'timeout' ? timeoutError() : networkError());
        },
        () => {
          finish();
          reject(networkError());
        },
      );
    });
  };
}
