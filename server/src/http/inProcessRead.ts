import querystring from 'node:querystring';
import { ENDPOINTS, isStaffAccess, type EndpointDefinition, type EndpointKey } from '@hiraku/shared';
import type { Context } from 'koa';
import type { SessionMember } from '../auth/sessions';
import type { AllEndpointHandlers } from '../routes';
import type { EndpointHandler, EndpointRequest } from './endpoints';
import { parseInput } from './validate';

/** What the server may read for a page it writes: a GET of a member's endpoint with no path parameters and no rate limit. */
function readableByPage(definition: EndpointDefinition): boolean {
  return definition.method === 'GET' && !definition.params && !definition.rateLimit && !isStaffAccess(definition.access);
}

const READABLE: ReadonlyMap<string, EndpointKey> = new Map(
  (Object.keys(ENDPOINTS) as EndpointKey[]).filter((key) => readableByPage(ENDPOINTS[key])).map((key) => [ENDPOINTS[key].path, key]),
);

/**
 * Reads `url` (an API address with its query, as the browser would ask for it) for `user` through the
 * endpoint's own handler, with the query checked by its declared schema, exactly as the API answers it
 * over HTTP: the same visibility, the same shared caches. For pages the server renders for a member
 * (middlewares/firstScreenHtml.ts), so a screen's first paint holds what the member's browser would fetch.
 * Undefined when the address is not one a page may read this way, or its input or the handler refuses:
 * the page then goes without it, and the browser asks the API itself.
 */
export async function readInProcess(handlers: AllEndpointHandlers, ctx: Context, user: SessionMember, url: string): Promise<unknown> {
  const [pathname = '', search = ''] = url.split('?', 2);
  const key = READABLE.get(pathname);
  if (!key) return undefined;
  const definition: EndpointDefinition = ENDPOINTS[key];
  try {
    const query = definition.query ? parseInput(definition.query, querystring.parse(search)) : {};
    const request = { params: {}, query, body: undefined, files: {}, user, ctx } as unknown as EndpointRequest<EndpointKey>;
    return await (handlers[key] as EndpointHandler<EndpointKey>)(request);
  } catch {
    return undefined;
  }
}
