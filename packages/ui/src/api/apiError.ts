import { type ErrorBody, COMMON_TEXTS } from '@hiraku/shared';

/** Why a call failed before the server could answer: nothing came back, or it came back too late. */
export type NoResponseCode = 'network_error' | 'timeout';

export type ApiErrorCode = ErrorBody['error'] | NoResponseCode | 'unknown';

/**
 * Every failed call rejects with one of these. `message` is always something a member can read;
 * `serverMessage` is set only when the server wrote one, so a screen can prefer it to its own text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly serverMessage: string | undefined;
  readonly fields: Record<string, string>;
  readonly redirectUrl: string | undefined;

  constructor(init: { status: number; code: ApiErrorCode; message: string; serverMessage?: string; fields?: Record<string, string>; redirectUrl?: string }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.fields = init.fields ?? {};
    this.redirectUrl = init.redirectUrl;
  }

  /** True when the server never answered (offline, DNS, CORS, or the time limit ran out). */
  get isNoResponse(): boolean {
    return this.code === 'network_error' || this.code === 'timeout';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function networkError(): ApiError {
  return new ApiError({ status: 0, code: 'network_error', message: COMMON_TEXTS.requestFailed });
}

export function timeoutError(): ApiError {
  return new ApiError({ status: 0, code: 'timeout', message: COMMON_TEXTS.requestTimeout });
}

function fallbackForStatus(status: number): string {
  if (status === 401) return COMMON_TEXTS.unauthorized;
  if (status === 403) return COMMON_TEXTS.forbidden;
  if (status === 404) return COMMON_TEXTS.apiNotFound;
  if (status === 413) return COMMON_TEXTS.payloadTooLarge;
  if (status === 429) return COMMON_TEXTS.tooManyRequests;
  if (status >= 500) return COMMON_TEXTS.serverError;
  return COMMON_TEXTS.genericError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

/** Reads an error body defensively: a proxy's HTML page or an empty body still gives a usable error. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const data = isRecord(body) ? body : {};
  const serverMessage = typeof data.message === 'string' && data.message.trim() ? data.message : undefined;
  const code = typeof data.error === 'string' ? (data.error as ApiErrorCode) : 'unknown';
  return new ApiError({
    status,
    code,
    message: serverMessage ?? fallbackForStatus(status),
    serverMessage,
    fields: stringRecord(data.fields),
    redirectUrl: typeof data.redirectUrl === 'string' ? data.redirectUrl : undefined,
  });
}

/**
 * The text a screen shows for a failed call (docs/product.md §8): the server's own words when it sent
 * some, the "no response" text when nothing came back, otherwise the screen's own fallback.
 */
export function errorMessage(error: unknown, fallback: string, noResponse?: string): string {
  if (!isApiError(error)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  if (error.isNoResponse) return noResponse ?? error.message;
  return fallback;
}
