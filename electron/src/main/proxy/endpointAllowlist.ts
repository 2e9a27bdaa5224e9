import { ENDPOINTS, isMultipartBody, matchEndpoint, type EndpointDefinition, type EndpointKey, type ParsedHostRequest } from '@hiraku/shared';

export type AllowlistVerdict = 'allowed' | 'undeclared' | 'invalid';

/** The main process asks only this; where the declarations come from is this module's business. */
export interface EndpointAllowlist {
  check(request: ParsedHostRequest): AllowlistVerdict;
}

/**
 * Declared endpoints the desktop app never calls. The analytics beacon: the operators' app records
 * nothing (its page views would count only the operators), so no renderer, however changed, can send one.
 */
export const NOT_FROM_DESKTOP: ReadonlySet<EndpointKey> = new Set<EndpointKey>(['analytics.record']);

/**
 * The API's declared endpoints (packages/shared ENDPOINTS, matched with matchEndpoint) and nothing else:
 * a call must also fit the declaration's params, query and JSON body schemas; a multipart endpoint is
 * refused, since files never cross the bridge.
 */
export function contractAllowlist(): EndpointAllowlist {
  return {
    check({ method, path, query, body }) {
      const match = matchEndpoint(method, path);
      if (!match || NOT_FROM_DESKTOP.has(match.key)) return 'undeclared';
      // Read through the general shape: each declaration has only the parts its endpoint needs.
      const definition: EndpointDefinition = ENDPOINTS[match.key];
      if (isMultipartBody(definition.body)) return 'undeclared';
      const fits =
        (!definition.params || definition.params.safeParse(match.params).success) &&
        (!definition.query || definition.query.safeParse(Object.fromEntries(query)).success) &&
        (definition.body ? definition.body.safeParse(body).success : body === undefined);
      return fits ? 'allowed' : 'invalid';
    },
  };
}
