import fc from 'fast-check';
import { isMultipartBody, type EndpointDefinition } from '@hiraku/shared';
import type { z } from 'zod';
import { flattenFields, hostileValue, idText, NASTY_STRINGS, POISON_KEYS, stringValue, valueFor, type Pools } from './inputs';

/** A file part of a generated multipart body. */
export interface FuzzFile {
  field: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** The body of a generated request, kept as data so that a counterexample prints readably. */
export type FuzzBody =
  | { kind: 'text'; text: string; contentType?: string }
  | { kind: 'form'; fields: Array<[string, string]>; files: FuzzFile[] };

/** One generated request; `label` says which family of input it is, for the run's figures. */
export interface FuzzRequest {
  label: string;
  method: string;
  path: string;
  body?: FuzzBody;
}

/** Small image files the forms accept, so near-valid forms get past the image check too. */
export interface SampleFiles {
  png: Uint8Array;
}

/** A path segment: a plausible id or public id, or something no router or parser expects. */
function paramValue(name: string, pools: Pools): fc.Arbitrary<string> {
  const plausible = name === 'publicId' ? fc.constantFrom(...pools.publicIds) : idText(pools).map(percentEncode);
  const raw = fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2e%2e', '..%2f..%2f', '%2F', '0', '-1', '1.5', '1e3', '01', '9'.repeat(40), 'a'.repeat(3000), '__proto__', 'constructor', 'null', ';', '%20', '+');
  return fc.oneof(
    { weight: 5, arbitrary: plausible },
    { weight: 2, arbitrary: raw },
    { weight: 2, arbitrary: stringValue(pools).map((value) => percentEncode(value).slice(0, 8000) || '%20') },
  );
}

function pathFor(definition: EndpointDefinition, pools: Pools): fc.Arbitrary<string> {
  const names = [...definition.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  if (names.length === 0) return fc.constant(definition.path);
  return fc.tuple(...names.map((name) => paramValue(name, pools))).map((values) => {
    let index = 0;
    return definition.path.replace(/:(\w+)/g, () => values[index++] ?? '');
  });
}

/** Percent-encoding that also takes lone surrogates (as the bytes of an invalid UTF-8 sequence, which servers must survive). */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((char) => (/[\ud800-\udfff]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
  }
}

const encode = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');

/** A query string: the declared one (near-valid or with hostile values), bracket and repeated keys, raw junk. */
function queryFor(definition: EndpointDefinition, pools: Pools): fc.Arbitrary<string> {
  const declared = definition.query ? valueFor(definition.query as z.ZodType, pools).map((value) => encode(flattenFields(value))) : fc.constant('');
  const repeated = definition.query
    ? valueFor(definition.query as z.ZodType, pools).map((value) => {
        const pairs = flattenFields(value);
        // Each key twice: Koa then hands the schema an array where it expects a string.
        return encode([...pairs, ...pairs]);
      })
    : fc.constant('a=1&a=2');
  const poison = fc
    .tuple(fc.constantFrom(...POISON_KEYS), fc.constantFrom('[x]', '[__proto__][x]', '[prototype][x]', '', '[]'), stringValue(pools))
    .map(([key, suffix, value]) => `${key}${suffix}=${percentEncode(value)}`);
  const raw = fc.constantFrom('%', '%zz=1', '=%E0%A4%A', '&&&', '=', '==&=', '?', '#', 'a[b][c][d][e][f][g]=1', `q=${'%41'.repeat(5000)}`, 'query=%00', 'ids=1,,2,,,', 'limit=-0&offset=1e400');
  const junk = fc.tuple(fc.string({ maxLength: 12 }), stringValue(pools)).map(([key, value]) => encode([[key, value]]));
  return fc.oneof(
    { weight: definition.query ? 6 : 1, arbitrary: declared },
    { weight: 1, arbitrary: repeated },
    { weight: 1, arbitrary: poison },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: junk },
  );
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}garbage',
  '{"a":1,}',
  "{'a':1}",
  '\ufeff{}',
  '{"__proto__":{"role":"operator","isOperator":true}}',
  '{"constructor":{"prototype":{"role":"operator"}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '1e99999',
  '"just a string"',
  '[]',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  '',
  ' ',
];

const WRONG_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/html',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'image/png',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json, text/plain',
  '*/*',
];

/** Bodies over the JSON parser's 1 MB limit. */
const OVERSIZE_JSON = `{"text":"${'あ'.repeat(400_000)}"}`;

/** A JSON body: the declared shape (mostly), any JSON, malformed text, the wrong media type, too much. */
function jsonBody(schema: z.ZodType | undefined, pools: Pools): fc.Arbitrary<FuzzBody> {
  const nearValid = schema ? valueFor(schema, pools) : hostileValue(pools);
  return fc.oneof(
    { weight: 8, arbitrary: nearValid.map((value): FuzzBody => ({ kind: 'text', text: JSON.stringify(value) ?? 'null', contentType: 'application/json' })) },
    { weight: 2, arbitrary: fc.jsonValue().map((value): FuzzBody => ({ kind: 'text', text: JSON.stringify(value), contentType: 'application/json' })) },
    {
      weight: 2,
      arbitrary: fc.oneof(fc.constantFrom(...MALFORMED_JSON), fc.string({ unit: 'binary', maxLength: 60 })).map((text): FuzzBody => ({ kind: 'text', text, contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(nearValid, fc.option(fc.constantFrom(...WRONG_TYPES), { nil: undefined, freq: 8 }))
        .map(([value, contentType]): FuzzBody => ({ kind: 'text', text: JSON.stringify(value) ?? '', contentType })),
    },
    { weight: 1, arbitrary: nearValid.map((value): FuzzBody => ({ kind: 'form', fields: flattenFields(value), files: [] })) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: 'text', text: OVERSIZE_JSON, contentType: 'application/json' }) },
  );
}

/** File parts: none, a small real image, bytes that are no image, several files, a file under another name. */
function fileParts(fields: readonly string[], files: SampleFiles): fc.Arbitrary<FuzzFile[]> {
  const field = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: fc.constantFrom('file', 'image', '__proto__', 'mainImage[]', 'icon[0]') });
  const bytes = fc.oneof(
    { weight: 3, arbitrary: fc.constant(files.png) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }) },
    { weight: 1, arbitrary: fc.constant(new Uint8Array(0)) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS).map((text) => new TextEncoder().encode(text)) },
  );
  const file = fc.record({
    field,
    name: fc.oneof(fc.constantFrom('photo.png', 'a.jpg', '../../evil.png', 'x.svg', '', 'ファイル.png', 'a\u0000.png'), fc.string({ maxLength: 30 })),
    type: fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
    bytes,
  });
  return fc.oneof({ weight: 3, arbitrary: fc.constant<FuzzFile[]>([]) }, { weight: 4, arbitrary: fc.array(file, { minLength: 1, maxLength: 1 }) }, { weight: 1, arbitrary: fc.array(file, { minLength: 2, maxLength: 3 }) });
}

/** A multipart form: the declared fields in the form's bracket notation (mostly), files, and broken framing. */
function multipartBody(definition: EndpointDefinition, pools: Pools, files: SampleFiles): fc.Arbitrary<FuzzBody> {
  const body = definition.body;
  if (!isMultipartBody(body)) throw new Error(`${definition.key} has no multipart body`);
  const nearValid = valueFor(body.schema, pools);
  const extraFields = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...POISON_KEYS, 'tools[0][__proto__]', 'play[99999999999999999999][action]', 'playCategories[-1]', 'tools[0][name][x]', 'title[]'), fc.string({ maxLength: 20 })), stringValue(pools)), { maxLength: 4 });
  const form = fc.tuple(nearValid, extraFields, fileParts(body.files, files)).map(([value, extra, parts]): FuzzBody => ({ kind: 'form', fields: [...flattenFields(value), ...extra], files: parts }));
  const tooManyFields = fc.constant<FuzzBody>({ kind: 'form', fields: Array.from({ length: 260 }, (_, i): [string, string] => [`f${i}`, 'x']), files: [] });
  const broken = fc
    .tuple(fc.constantFrom('multipart/form-data; boundary=XYZ', 'multipart/form-data', 'multipart/form-data; boundary=""', 'multipart/mixed; boundary=XYZ'), fc.constantFrom('--XYZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc', '--XYZ--', 'garbage', '', '--XYZ\r\nContent-Disposition: form-data; name="mainImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG'))
    .map(([contentType, text]): FuzzBody => ({ kind: 'text', text, contentType }));
  return fc.oneof({ weight: 8, arbitrary: form }, { weight: 2, arbitrary: broken }, { weight: 1, arbitrary: tooManyFields }, { weight: 2, arbitrary: jsonBody(body.schema, pools) });
}

/**
 * Requests for one endpoint, derived from its declaration: path parameters, query and body as declared
 * (plausible most of the time) and every way of getting them wrong.
 */
export function requestsFor(definition: EndpointDefinition, pools: Pools, files: SampleFiles): fc.Arbitrary<FuzzRequest> {
  const body = definition.body;
  const takesBody = definition.method !== 'GET';
  const bodyArb: fc.Arbitrary<{ label: string; body?: FuzzBody }> = !takesBody
    ? fc.constant({ label: definition.query ? 'query' : 'path' })
    : isMultipartBody(body)
      ? multipartBody(definition, pools, files).map((b) => ({ label: b.kind === 'form' ? 'multipart' : 'raw-body', body: b }))
      : jsonBody(body as z.ZodType | undefined, pools).map((b) => ({ label: b.kind === 'form' ? 'form-for-json' : b.contentType === 'application/json' ? 'json' : 'wrong-type', body: b }));
  // Endpoints without a declared query get one now and then: it must be ignored, not choked on.
  const query = fc.option(queryFor(definition, pools), { nil: undefined, freq: definition.query ? 8 : 3 }).map((q) => q ?? '');
  return fc.tuple(pathFor(definition, pools), query, bodyArb).map(([path, q, { label, body: b }]) => ({
    label,
    method: definition.method,
    path: q ? `${path}?${q}` : path,
    body: b,
  }));
}

/** Renders a generated body for fetch. */
export function bodyInit(body: FuzzBody | undefined): { body?: string | FormData; contentType?: string } {
  if (!body) return {};
  if (body.kind === 'text') return { body: body.text, contentType: body.contentType };
  const form = new FormData();
  for (const [name, value] of body.fields) form.append(name, value);
  for (const file of body.files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return { body: form };
}

/** Short description of a request for a finding (bodies cut). */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body;
  const shown = !body ? '' : body.kind === 'text' ? ` ${body.contentType ?? '(no type)'} ${body.text.slice(0, 300)}` : ` form ${JSON.stringify(body.fields).slice(0, 300)} files ${body.files.map((f) => `${f.field}:${f.type}:${f.bytes.length}`).join(',')}`;
  return `${request.method} ${request.path.slice(0, 300)}${shown}`;
}

