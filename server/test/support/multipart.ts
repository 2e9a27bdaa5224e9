import { COOKIE_NAMES, XSRF_HEADER } from '@hiraku/shared';
import type { HttpClient } from './httpClient';

export interface UploadFile {
  data: Buffer;
  name: string;
  type: string;
}

export interface MultipartAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * POSTs a multipart form as the web client does: with the client's session cookie and its anti-forgery
 * token echoed in X-XSRF-TOKEN (fetched first when the client has none yet).
 */
export async function postMultipart<T>(
  client: HttpClient,
  path: string,
  fields: Record<string, string>,
  files: Record<string, UploadFile> = {},
): Promise<MultipartAnswer<T>> {
  return sendMultipart<T>(client, 'POST', path, Object.entries(fields), Object.entries(files));
}

/** Like postMultipart, with any method, fields in order (a name may repeat) and any number of file parts. */
export async function sendMultipart<T>(
  client: HttpClient,
  method: 'POST' | 'PUT',
  path: string,
  fields: ReadonlyArray<readonly [string, string]>,
  files: ReadonlyArray<readonly [string, UploadFile]> = [],
): Promise<MultipartAnswer<T>> {
  if (!client.cookie(COOKIE_NAMES.xsrf)) await client.get('/api/auth/me');
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const [name, file] of files) form.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const res = await fetch(new URL(path, client.baseUrl), {
    method,
    body: form,
    headers: { accept: 'application/json', cookie: sessionCookieHeader(client), [XSRF_HEADER]: client.cookie(COOKIE_NAMES.xsrf) ?? '' },
  });
  const text = await res.text();
  const body = (res.headers.get('content-type') ?? '').includes('json') && text ? (JSON.parse(text) as T) : (text as T);
  return { status: res.status, headers: res.headers, body };
}

/** The Cookie header for a hand-made request: the access token and the anti-forgery cookie. */
export function sessionCookieHeader(client: HttpClient): string {
  return [COOKIE_NAMES.access, COOKIE_NAMES.xsrf]
    .map((name) => [name, client.cookie(name)] as const)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}
