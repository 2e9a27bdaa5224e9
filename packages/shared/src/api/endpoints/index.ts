import type { z } from 'zod';
import type { EndpointDefinition, MultipartBody } from './define';
import { ACCOUNT_ENDPOINTS } from './account';
import { ANALYTICS_ENDPOINTS } from './analytics';
import { AUTOSAVE_ENDPOINTS } from './autosaves';
import { CASE_ENDPOINTS } from './cases';
import { COMMENT_ENDPOINTS } from './comments';
import { CONTACT_ENDPOINTS } from './contact';
import { FOLLOW_ENDPOINTS } from './follows';
import { LIKE_ENDPOINTS } from './likes';
import { MODERATION_ENDPOINTS } from './moderation';
import { NOTIFICATION_ENDPOINTS } from './notifications';
import { PASSKEY_ENDPOINTS } from './passkeys';
import { PROFILE_ENDPOINTS } from './profile';
import { REPORT_ENDPOINTS } from './reports';
import { SAFETY_ENDPOINTS } from './safety';
import { CONTENT_WARNING_ENDPOINTS } from './contentWarnings';
import { SAVE_ENDPOINTS } from './saves';
import { SEARCH_ENDPOINTS } from './search';
import { SECURITY_ENDPOINTS } from './security';
import { STEP_UP_ENDPOINTS } from './stepUp';
import { TRUST_ENDPOINTS } from './trust';
import { DISCLOSURE_ENDPOINTS } from './disclosure';
import { NOTICE_TEMPLATE_ENDPOINTS } from './noticeTemplates';
import { SYSTEM_ENDPOINTS } from './system';
import { TAXONOMY_ENDPOINTS } from './taxonomy';
import type { EndpointKey, PathOf, PathParamNames } from './routes';

/** The account deletion's body: the delete-account form checks the password with it before sending. */
export { deleteAccountSchema } from './account';

export * from './define';
export * from './routes';
export * from './match';
export { idParam } from './params';
export { likeCountsQuerySchema, likeToggleSchema } from './likes';
export { POPULAR_KEYWORDS_MAX_AGE_SEC } from './search';
export * from './safety';
export * from './contentWarnings';
export * from './security';
export * from './passkeys';
export * from './stepUp';
export * from './trust';
export * from './disclosure';
export * from './autosaves';
export * from './follows';

/**
 * The API contract: every endpoint, keyed by a stable name. The server mounts exactly these (and
 * enforces access, inputs, rate limits and caching from them); the UI client and the desktop app's
 * request proxy derive their calls from them. See packages/shared/README.md.
 */
export const ENDPOINTS = {
  ...SYSTEM_ENDPOINTS,
  ...REPORT_ENDPOINTS,
  ...SEARCH_ENDPOINTS,
  ...LIKE_ENDPOINTS,
  ...TAXONOMY_ENDPOINTS,
  ...CONTACT_ENDPOINTS,
  ...ANALYTICS_ENDPOINTS,
  ...MODERATION_ENDPOINTS,
  ...CASE_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...PROFILE_ENDPOINTS,
  ...COMMENT_ENDPOINTS,
  ...NOTIFICATION_ENDPOINTS,
  ...SAFETY_ENDPOINTS,
  ...CONTENT_WARNING_ENDPOINTS,
  ...SECURITY_ENDPOINTS,
  ...PASSKEY_ENDPOINTS,
  ...STEP_UP_ENDPOINTS,
  ...TRUST_ENDPOINTS,
  ...SAVE_ENDPOINTS,
  ...DISCLOSURE_ENDPOINTS,
  ...NOTICE_TEMPLATE_ENDPOINTS,
  ...AUTOSAVE_ENDPOINTS,
  ...FOLLOW_ENDPOINTS,
} satisfies { [K in EndpointKey]: EndpointDefinition & { readonly key: K } };

export type Endpoints = typeof ENDPOINTS;

/** Typecheck fails here if ENDPOINTS holds a key that ENDPOINT_ROUTES does not. */
export const ENDPOINTS_ONLY_DECLARED_ROUTES: [Exclude<keyof Endpoints, EndpointKey>] extends [never] ? true : never = true;

// ---- Types derived from a declaration ----------------------------------------------------------

type Def<K extends EndpointKey> = Endpoints[K];

/** The checked path parameters a handler receives ({} for a path without any). */
export type ParamsOf<K extends EndpointKey> = Def<K> extends { params: infer P extends z.ZodType } ? z.output<P> : Record<never, never>;
/** The checked query a handler receives. */
export type QueryOf<K extends EndpointKey> = Def<K> extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<never, never>;
/** The checked body a handler receives (a multipart form's text fields, decoded). */
export type BodyOf<K extends EndpointKey> =
  Def<K> extends { body: infer B }
    ? B extends MultipartBody<infer S>
      ? z.output<S>
      : B extends z.ZodType
        ? z.output<B>
        : never
    : undefined;
/** The names of the file inputs of a multipart body. */
export type FileFieldOf<K extends EndpointKey> = Def<K> extends { body: MultipartBody<z.ZodType, infer F> } ? F[number] : never;
/** The success answer. */
export type ResponseOf<K extends EndpointKey> = z.output<Def<K>['response']>;

/** What a caller passes for the path parameters: each named in the path, as a string or number. */
export type ParamsInput<K extends EndpointKey> = { [N in PathParamNames<PathOf<K>>]: string | number };
export type QueryInput<K extends EndpointKey> = Def<K> extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** What a caller sends: JSON for a zod body, FormData for a multipart one. */
export type BodyInput<K extends EndpointKey> =
  Def<K> extends { body: infer B } ? (B extends MultipartBody ? FormData : B extends z.ZodType ? z.input<B> : never) : never;

type ParamsPart<K extends EndpointKey> = [PathParamNames<PathOf<K>>] extends [never] ? { params?: never } : { params: ParamsInput<K> };
type QueryPart<K extends EndpointKey> = [QueryInput<K>] extends [never]
  ? { query?: never }
  : Record<never, never> extends QueryInput<K>
    ? { query?: QueryInput<K> }
    : { query: QueryInput<K> };
type BodyPart<K extends EndpointKey> = [BodyInput<K>] extends [never]
  ? { body?: never }
  : undefined extends BodyInput<K>
    ? { body?: BodyInput<K> }
    : { body: BodyInput<K> };

/** The inputs of one call: `params`, `query` and `body` exactly as the endpoint declares them. */
export type EndpointInput<K extends EndpointKey> = ParamsPart<K> & QueryPart<K> & BodyPart<K>;

/** Keys of the endpoints whose call needs no input at all (`call('tags.list')`). */
export type EndpointKeyWithoutInput = {
  [K in EndpointKey]: Record<never, never> extends EndpointInput<K> ? K : never;
}[EndpointKey];

/**
 * The response schema of `key`, typed with its answer. TypeScript cannot follow a generic key through
 * ENDPOINTS[key].response, so this one cast (through the declared `z.ZodType`) states what holds by
 * construction.
 */
export function responseSchema<K extends EndpointKey>(key: K): z.ZodType<ResponseOf<K>> {
  const schema: z.ZodType = ENDPOINTS[key].response;
  return schema as z.ZodType<ResponseOf<K>>;
}
