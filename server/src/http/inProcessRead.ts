import querystring from 'node:querystring';
import { ENDPOINTS, type EndpointDefinition, type EndpointKey } from '@hiraku/shared';
import type { Context } from 'koa';
import type { SessionMember } from '../auth/sessions';
import type { AllEndpointHandlers } from '../routes';
import type { AppServices } from '../services';
import { runEndpoint } from './endpoints';

/** What the server may read for a page it writes: a GET with no path parameters and no rate limit. */
function readableByPage(definition: EndpointDefinition): boolean {
  return definition.method === 'GET' && !definition.params && !definition.rateLimit;
}

const READABLE: ReadonlyMap<string, EndpointKey> = new Map(
  (Object.keys(ENDPOINTS) as EndpointKey[]).filter((key) => readableByPage(ENDPOINTS[key])).map((key) => [ENDPOINTS[key].path, key]),
);

/**
 * Reads `url` (an API address with its query, as the browser would ask for it) for `user` through the
 * endpoint pipeline's own `runEndpoint`: the same access and second-factor checks, input schema, handler,
 * visibility, shared caches and response check as over HTTP. For pages the server renders for a member
 * (middlewares/firstScreenHtml.ts), so a screen's first paint holds what the member's browser would fetch.
 * Undefined when the address is not one a page may read this way, or the pipeline refuses it: the page
 * then goes without it, and the browser asks the API itself.
 */
export async function readInProcess(services: AppServices, handlers: AllEndpointHandlers, ctx: Context, user: SessionMember, url: string): Promise<unknown> {
  const [pathname = '', search = ''] = url.split('?', 2);
  const key = READABLE.get(pathname);
  if (!key) return undefined;
  try {
    return await runEndpoint(services, handlers, key, { query: querystring.parse(search), user, ctx });
  } catch {
    return undefined;
  }
}
