import type { QueryClient } from '@tanstack/react-query';
import { withoutTrailingSlash } from '@hiraku/shared';
import type { EndpointCaller } from '../api/endpointClient';
import { feedQueryOptions } from '../reports/feedQuery';
import { readStoredSort, tellServerSort } from '../reports/useSortOption';
import { PATHS } from './paths';

/**
 * The call of the first screen's data goes out beside the session check, before either has answered: a 401
 * then only fails this request (no refresh, no "session expired"), which the session check deals with, and
 * the screen asks again as it mounts, as it does after any failed request.
 */
const BESIDE_THE_SESSION_CHECK = { refreshOn401: false, expireSessionOnRefreshFailure: false } as const;

/**
 * What a screen paints first, asked for as the app starts instead of once the session is known and the
 * screen's code has arrived and rendered (issue 22: /reports' first card waited for its scripts, then the
 * session, then the feed, one after the other). The screen reads the same cache entry, so it finds the
 * answer there or the request in flight. Only screens whose first paint is a member's list are here.
 */
const FIRST_SCREEN_DATA: Readonly<Record<string, (client: QueryClient, call: EndpointCaller) => Promise<void>>> = {
  [PATHS.reports]: (client, call) => {
    const sort = readStoredSort();
    // A choice stored before the server was told of it (SORT_COOKIE) is told now, for the next visit.
    tellServerSort(sort);
    return client.prefetchInfiniteQuery(feedQueryOptions(call, sort, { callOptions: BESIDE_THE_SESSION_CHECK }));
  },
};

/**
 * How long the first screen waits for its data before it shows without it (its placeholders, then the data
 * when it comes): a slow answer must not keep a blank page.
 */
export const FIRST_SCREEN_WAIT_MS = 1_000;

/**
 * Starts the first screen's data for `pathname`, if it has any. The promise settles when the data is in
 * the cache or has failed (the screen then asks again and shows its own error), or after
 * FIRST_SCREEN_WAIT_MS; undefined when the screen has nothing to wait for.
 */
export function prefetchFirstScreen(pathname: string, client: QueryClient, call: EndpointCaller): Promise<void> | undefined {
  const data = FIRST_SCREEN_DATA[withoutTrailingSlash(pathname)]?.(client, call);
  if (!data) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
  });
  return Promise.race([data, waited]).finally(() => clearTimeout(timer));
}
