import type { z } from 'zod';
import type { ErrorCode } from '../../errors';
import type { RateRuleName } from '../../rateRules';
import type { MultipartFields } from '../../schemas/report';
import { routeOf, type EndpointKey, type HttpMethod, type MethodOf, type PathOf, type PathParamNames } from './routes';

/**
 * Who may call an endpoint. The server refuses anyone else before the handler runs: anonymous callers
 * of `member` and `operator` endpoints get 401 (the client then refreshes its session and retries),
 * members calling an `operator` endpoint get 403. Suspended members have no valid session, so they
 * count as anonymous. Operators who have not turned on two-factor sign-in get 403 `two_factor_required`.
 * `operator` admits admins as well; `admin` admits admins only, operators get 403 too.
 */
export type Access = 'public' | 'member' | 'operator' | 'admin';

/** Issue 38: an `operator` endpoint admits admins too; an `admin` one admits only admins (operators get 403). */
export const isStaffAccess = (access: Access): access is 'operator' | 'admin' => access === 'operator' || access === 'admin';

/**
 * The Cache-Control an endpoint answers with. `private` (`private, no-store`) is for answers that depend
 * on who asks; `no-store` for session and account answers; `none` leaves the header unset.
 * A public max-age is sent with successful answers only, so an error is never cached.
 */
export type CachePolicy = 'none' | 'no-store' | 'private' | { readonly publicMaxAgeSec: number };

/**
 * A multipart/form-data body (the forms that carry an image). `schema` checks the text fields after
 * `fromFields` has turned the raw fields into the schema's shape (null: the form is malformed, answered
 * 400 with `malformedMessage`). `files` names the file inputs, one file each; file parts under any
 * other name are ignored. With `jsonAlso` a JSON body (no file) is accepted as well.
 */
export interface MultipartBody<S extends z.ZodType = z.ZodType, F extends readonly string[] = readonly string[]> {
  readonly kind: 'multipart';
  readonly schema: S;
  readonly files: F;
  readonly fromFields: (fields: MultipartFields) => unknown;
  readonly malformedMessage?: string;
  readonly jsonAlso: boolean;
}

export function multipart<S extends z.ZodType, const F extends readonly string[]>(
  schema: S,
  options: { files: F; fromFields: (fields: MultipartFields) => unknown; malformedMessage?: string; jsonAlso: boolean },
): MultipartBody<S, F> {
  return { kind: 'multipart', schema, ...options };
}

/**
 * A Server-Sent Events answer (`text/event-stream`) instead of one JSON body: the connection stays open
 * and the server writes events as they happen. `events` names each event with the schema of its data,
 * which the server checks (as it checks `response`) and the clients read their types from; `response`
 * is then `z.null()`, the value the handler returns once it has taken the connection over. Tests that
 * call every endpoint read such an answer up to its first event (sent at once) and close it.
 */
export interface EventStream<E extends Record<string, z.ZodType> = Record<string, z.ZodType>> {
  readonly kind: 'eventStream';
  readonly events: E;
}

export function eventStream<const E extends Record<string, z.ZodType>>(events: E): EventStream<E> {
  return { kind: 'eventStream', events };
}

export function isMultipartBody(body: z.ZodType | MultipartBody | undefined): body is MultipartBody {
  return typeof body === 'object' && body !== null && 'kind' in body && body.kind === 'multipart';
}

/** What an endpoint declares beside its route: everything the server enforces and the clients rely on. */
export interface EndpointSpec {
  readonly access: Access;
  /** Checks the path parameters (strings); any failure answers 404 with `notFoundMessage`. */
  readonly params?: z.ZodType;
  readonly notFoundMessage?: string;
  readonly query?: z.ZodType;
  /** A zod schema for a JSON body, or `multipart(...)`. */
  readonly body?: z.ZodType | MultipartBody;
  /** The success answer; the server checks every answer against it in development and tests. */
  readonly response: z.ZodType;
  /** The answer is an event stream (see EventStream); its events are checked like `response`. */
  readonly stream?: EventStream;
  /**
   * A write whose proof is a secret token in its URL rather than the session (the one-click unsubscribe
   * of a mail, RFC 8058, which a mail client posts without our anti-forgery header): the anti-forgery
   * check does not apply, and the endpoint must act for no one but the token's owner.
   */
  readonly forgeryProof?: 'tokenInUrl';
  /** The success status; 200 when unset. */
  readonly status?: 200 | 201;
  /** A rule of RATE_RULES, counted before the body is read. */
  readonly rateLimit?: RateRuleName;
  readonly cache: CachePolicy;
  /**
   * The error ids the handler itself may answer with. Those the declaration implies (validation_error for
   * inputs, authentication_required / authorization_error for access, rate_limited, not_found for path
   * parameters, csrf_error for writes) are added by `endpointErrors`.
   */
  readonly errors: readonly ErrorCode[];
}

export type EndpointDefinition = EndpointSpec & { readonly key: EndpointKey; readonly method: HttpMethod; readonly path: string };

/** A path with parameters must declare a params schema that reads exactly those names (as strings). */
type ParamsMatchPath<P extends string> = [PathParamNames<P>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: z.ZodType<unknown, { [K in PathParamNames<P>]: string }>; readonly notFoundMessage: string };

/**
 * Declares one endpoint of ENDPOINT_ROUTES; the type keeps every literal so that clients and server
 * derive exact types from it.
 */
export function endpoint<const K extends EndpointKey, const S extends EndpointSpec>(
  key: K,
  spec: S & ParamsMatchPath<PathOf<K>>,
): { readonly key: K; readonly method: MethodOf<K>; readonly path: PathOf<K> } & S {
  return { key, ...routeOf(key), ...spec };
}

export function cacheControlHeader(policy: CachePolicy): string | null {
  if (policy === 'none') return null;
  if (policy === 'no-store') return 'no-store';
  if (policy === 'private') return 'private, no-store';
  return `public, max-age=${policy.publicMaxAgeSec}`;
}

const WRITES: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every error id an endpoint may answer with: its own list and those its declaration implies. */
export function endpointErrors(definition: EndpointDefinition): ErrorCode[] {
  const implied: ErrorCode[] = [];
  if (definition.query || definition.body) implied.push('validation_error');
  if (definition.params) implied.push('not_found');
  if (definition.access !== 'public') implied.push('authentication_required');
  // Operators without two-factor sign-in are refused every operator endpoint.
  if (isStaffAccess(definition.access)) implied.push('authorization_error', 'two_factor_required');
  if (definition.rateLimit) implied.push('rate_limited');
  if (WRITES.has(definition.method) && !definition.forgeryProof) implied.push('csrf_error');
  if (isMultipartBody(definition.body)) implied.push('payload_too_large', 'unsupported_media');
  // Any endpoint may meet the database away (503) or a bug (500).
  return [...new Set([...implied, ...definition.errors, 'internal_error' as const, 'service_unavailable' as const])];
}
