import { ENDPOINTS, isMultipartBody, matchEndpoint, type EndpointDefinition, type HostMethod, type ParsedHostRequest } from '@hiraku/shared';

/** An endpoint the server serves that the shared contract does not declare yet: `:name` is one segment. */
export interface InterimEndpoint {
  method: HostMethod;
  path: string;
}

export type AllowlistVerdict = 'allowed' | 'undeclared' | 'invalid';

/** The main process asks only this; where the declarations come from is this module's business. */
export interface EndpointAllowlist {
  check(request: ParsedHostRequest): AllowlistVerdict;
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matchesInterim(endpoint: InterimEndpoint, method: HostMethod, path: string): boolean {
  const pattern = segments(endpoint.path);
  const actual = segments(path);
  if (endpoint.method !== method || pattern.length !== actual.length) return false;
  return pattern.every((part, index) => (part.startsWith(':') ? (actual[index] ?? '') !== '' : part === actual[index]));
}

/**
 * The API's declared endpoints (packages/shared ENDPOINTS, matched with matchEndpoint): a declared call
 * must also fit the declaration's params, query and JSON body schemas; a multipart endpoint is refused,
 * since files never cross the bridge. `interim` lists what the server serves but the contract does not
 * declare yet (sessions, moderation); each entry goes once its declaration lands.
 */
export function contractAllowlist(interim: readonly InterimEndpoint[]): EndpointAllowlist {
  return {
    check({ method, path, query, body }) {
      const match = matchEndpoint(method, path);
      if (!match) return interim.some((endpoint) => matchesInterim(endpoint, method, path)) ? 'allowed' : 'undeclared';
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
