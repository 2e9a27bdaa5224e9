import type Router from '@koa/router';
import {
  cacheControlHeader,
  ENDPOINTS,
  ENDPOINTS_IN_MATCH_ORDER,
  isAdminRole,
  isMultipartBody,
  isOperatorRole,
  isStaffAccess,
  TEXTS,
  RATE_RULES,
  type BodyOf,
  type EndpointDefinition,
  type EndpointKey,
  type Endpoints,
  type FileFieldOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@hiraku/shared';
import type { Context, Middleware } from 'koa';
import { authenticationRequired, authorizationError, notFound, twoFactorRequired, validationError } from '../errors';
import { formFields, multipartBody, uploadedImage } from '../images/multipartBody';
import { requireUser } from '../middlewares/authenticate';
import { rateLimit } from '../middlewares/rateLimit';
import { hasSecondFactor } from '../auth/secondFactor';
import type { SessionMember } from '../auth/sessions';
import type { AppServices } from '../services';
import { parseInput } from './validate';

/** The signed-in member for `member` and `operator` endpoints; the member or null for `public` ones. */
type UserFor<K extends EndpointKey> = Endpoints[K]['access'] extends 'public' ? SessionMember | null : SessionMember;

/** What a handler receives: everything already checked against the endpoint's declaration. */
export interface EndpointRequest<K extends EndpointKey> {
  params: ParamsOf<K>;
  query: QueryOf<K>;
  body: BodyOf<K>;
  /** The bytes of each declared file input, null when none (or an empty one) was sent. */
  files: { [F in FileFieldOf<K>]: Buffer | null };
  user: UserFor<K>;
  /**
   * For what the declaration does not cover: cookies, extra headers, a status other than the declared one,
   * a body written in another form (the returned value is still what gets checked).
   */
  ctx: Context;
}

export type EndpointHandler<K extends EndpointKey> = (request: EndpointRequest<K>) => Promise<ResponseOf<K>> | ResponseOf<K>;

/** Handlers for a group of endpoints; an undeclared key or a missing handler fails typecheck. */
export type EndpointHandlers<K extends EndpointKey> = { [P in K]: EndpointHandler<P> };

/** The keys under a resource prefix: `KeysOf<'reports'>` is 'reports.feed' | 'reports.get' | ... */
export type KeysOf<Prefix extends string> = Extract<EndpointKey, `${Prefix}.${string}`>;

interface CheckedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  files: Record<string, Buffer | null>;
}

/** Where the checked input waits for the handler on `ctx.state`. */
const INPUT = 'endpointInput';

/**
 * Whether `user` may call an endpoint of `definition`'s access: the member for member endpoints; for staff
 * ones an operator (an admin for admin ones) with a second factor, the code or a passkey (a passkey-only
 * operator pays one indexed lookup per call). Throws the answer the API gives when not.
 */
async function authorize(definition: EndpointDefinition, services: AppServices, user: SessionMember | null): Promise<void> {
  if (definition.access === 'public') return;
  if (!user) throw authenticationRequired();
  if (!isStaffAccess(definition.access)) return;
  if (!isOperatorRole(user.role)) throw authorizationError(TEXTS.common.operatorsOnly);
  // An operator is refused what only admins may do (the disclosure export, for one).
  if (definition.access === 'admin' && !isAdminRole(user.role)) throw authorizationError(TEXTS.common.adminsOnly);
  if (!(await hasSecondFactor(services.models, user))) throw twoFactorRequired();
}

function checkAccess(definition: EndpointDefinition, services: AppServices): Middleware | null {
  if (definition.access === 'public') return null;
  return async (ctx, next) => {
    await authorize(definition, services, requireUser(ctx));
    await next();
  };
}

function checkInput(definition: EndpointDefinition): Middleware[] {
  const steps: Middleware[] = [];
  const { body } = definition;
  if (isMultipartBody(body)) steps.push(multipartBody(body));
  steps.push(async (ctx, next) => {
    const input: CheckedInput = { params: {}, query: {}, body: undefined, files: {} };
    if (definition.params) {
      const params = definition.params.safeParse(ctx.params);
      if (!params.success) throw notFound(definition.notFoundMessage);
      input.params = params.data;
    }
    if (definition.query) input.query = parseInput(definition.query, ctx.query);
    if (isMultipartBody(body)) {
      const sent = ctx.is('multipart/form-data');
      // A multipart form's fields come as strings (or lists of them): `fromFields` shapes them for the schema.
      const fields = sent ? body.fromFields(formFields(ctx)) : formFields(ctx);
      if (fields === null) throw validationError(body.malformedMessage);
      input.body = parseInput(body.schema, fields);
      for (const name of body.files) input.files[name] = sent ? uploadedImage(ctx, name) : null;
    } else if (body) {
      input.body = parseInput(body, ctx.request.body);
    }
    ctx.state[INPUT] = input;
    await next();
  });
  return steps;
}

/**
 * The handler's result. In development and tests it is checked against the declared response schema
 * first: a presenter that drifts from the contract fails loudly there, not in a client.
 */
async function answerOf<K extends EndpointKey>(key: K, definition: EndpointDefinition, handler: EndpointHandler<K>, services: AppServices, request: EndpointRequest<K>): Promise<ResponseOf<K>> {
  const result = await handler(request);
  if (services.env.NODE_ENV !== 'production') {
    const checked = definition.response.safeParse(result);
    if (!checked.success) throw new Error(`response of ${key} breaks its declaration: ${checked.error.message}`);
  }
  return result;
}

/** Answers with the handler's result. */
function respond<K extends EndpointKey>(key: K, definition: EndpointDefinition, handler: EndpointHandler<K>, services: AppServices): Middleware {
  const publicCache = typeof definition.cache === 'object' ? cacheControlHeader(definition.cache) : null;
  return async (ctx) => {
    const input = ctx.state[INPUT] as CheckedInput;
    ctx.status = definition.status ?? 200;
    const request = { ...input, user: ctx.state.user as SessionMember | null, ctx } as unknown as EndpointRequest<K>;
    const result = await answerOf(key, definition, handler, services, request);
    if (publicCache) ctx.set('Cache-Control', publicCache);
    // A handler that wrote the body itself (a file download) keeps it.
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (result === undefined || result === null) {
      ctx.body = result;
      return;
    }
    // Serialised once, here: left an object, the answer would be serialised three times, by the
    // compressor's size check (ctx.length), the ETag and Koa's own respond.
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(result);
  };
}

/**
 * Calls endpoint `key` inside the server, for `user`, with `query` as the browser would send it: the same
 * access and second-factor check, the same input schema, the same handler and response check as over
 * HTTP, so a page the server writes (middlewares/firstScreenHtml.ts) holds exactly what the member's
 * browser would be answered. For reads without path parameters or a body; a rate limit is not counted
 * (the page's own request is).
 */
export async function runEndpoint<K extends EndpointKey>(
  services: AppServices,
  handlers: { [P in EndpointKey]: EndpointHandler<P> },
  key: K,
  { query, user, ctx }: { query: Record<string, unknown>; user: SessionMember | null; ctx: Context },
): Promise<ResponseOf<K>> {
  const definition: EndpointDefinition = ENDPOINTS[key];
  await authorize(definition, services, user);
  const input = { params: {}, query: definition.query ? parseInput(definition.query, query) : {}, body: undefined, files: {} };
  const request = { ...input, user, ctx } as unknown as EndpointRequest<K>;
  return answerOf(key, definition, handlers[key] as EndpointHandler<K>, services, request);
}

/**
 * Mounts every declared endpoint on `router`, most specific path first (so `/api/reports/my-reports` is
 * never taken for `/api/reports/:id`, whatever the declaration order). Each route runs, in this order:
 * cache header, per-address rate limit, access check, per-member rate limit, body parsing, input checks,
 * handler, response check. CSRF and authentication ran before, app-wide.
 */
export function mountEndpoints(router: Router, services: AppServices, handlers: { [K in EndpointKey]: EndpointHandler<K> }): void {
  for (const key of ENDPOINTS_IN_MATCH_ORDER) {
    const definition: EndpointDefinition = ENDPOINTS[key];
    const chain: Middleware[] = [];
    const cache = typeof definition.cache === 'string' ? cacheControlHeader(definition.cache) : null;
    if (cache) {
      chain.push(async (ctx, next) => {
        ctx.set('Cache-Control', cache);
        await next();
      });
    }
    const rule = definition.rateLimit ? RATE_RULES[definition.rateLimit] : null;
    if (definition.rateLimit && rule?.per === 'ip') chain.push(rateLimit(services, definition.rateLimit));
    const access = checkAccess(definition, services);
    if (access) chain.push(access);
    if (definition.rateLimit && rule?.per === 'member') chain.push(rateLimit(services, definition.rateLimit));
    chain.push(...checkInput(definition), respond(key, definition, handlers[key] as EndpointHandler<EndpointKey>, services));
    router.register(definition.path, [definition.method], chain, { name: key });
  }
}
