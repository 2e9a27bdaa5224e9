import { ENDPOINT_ROUTES, routeOf, type EndpointKey } from './routes';

// Kept apart from routes.ts: the web app builds calls from the routes table and never matches URLs, so
// none of this reaches its bundle.

export const ENDPOINT_KEYS = Object.keys(ENDPOINT_ROUTES) as EndpointKey[];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const isParam = (segment: string) => segment.startsWith(':');

/**
 * Orders paths so that at the first segment where two differ, a fixed segment comes before a parameter:
 * `/api/reports/my-reports` before `/api/reports/:id`. Matching in this order makes the order in which
 * endpoints are declared irrelevant.
 */
export function comparePaths(a: string, b: string): number {
  const left = segmentsOf(a);
  const right = segmentsOf(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const l = left[i] ?? '';
    const r = right[i] ?? '';
    if (isParam(l) !== isParam(r)) return isParam(l) ? 1 : -1;
    if (l !== r) return l < r ? -1 : 1;
  }
  return left.length - right.length;
}

/** Every endpoint key, most specific path first. */
export const ENDPOINTS_IN_MATCH_ORDER: readonly EndpointKey[] = [...ENDPOINT_KEYS].sort(
  (a, b) => comparePaths(routeOf(a).path, routeOf(b).path) || routeOf(a).method.localeCompare(routeOf(b).method),
);

export interface EndpointMatch {
  key: EndpointKey;
  /** Decoded, unchecked path parameters; check them with the endpoint's `params` schema. */
  params: Record<string, string>;
}

/**
 * The declared endpoint that serves `method` and `pathname` (no query string), or null. For anything that
 * must check a call against the contract without the server's router (the desktop app's request proxy).
 */
export function matchEndpoint(method: string, pathname: string): EndpointMatch | null {
  const wanted = segmentsOf(pathname);
  for (const key of ENDPOINTS_IN_MATCH_ORDER) {
    const route: { method: string; path: string } = routeOf(key);
    if (route.method !== method.toUpperCase()) continue;
    const pattern = segmentsOf(route.path);
    if (pattern.length !== wanted.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      const actual = wanted[i] ?? '';
      if (!isParam(segment)) return segment === actual;
      try {
        params[segment.slice(1)] = decodeURIComponent(actual);
      } catch {
        return false;
      }
      return actual !== '';
    });
    if (matches) return { key, params };
  }
  return null;
}
