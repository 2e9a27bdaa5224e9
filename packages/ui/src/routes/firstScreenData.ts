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

/** A screen the server may paint first for a signed-in member (server/src/middlewares/firstScreenHtml.ts). */
export interface FirstScreen {
  /**
   * The module its route loads, from the repository's root: the web build names that module's chunks in
   * the screen's page (apps/web/firstScreenPages.ts) and bench/bundleSize.mjs measures them.
   */
  module: string;
  /**
   * What the screen paints first beyond the session, asked for as the app starts instead of once the
   * session is known and the screen's code has arrived and rendered (issue 22: /reports' first card waited
   * for its scripts, then the session, then the feed, one after the other). The screen reads the same cache
   * entry, so it finds the answer there or the request in flight.
   */
  data?: (client: QueryClient, call: EndpointCaller) => Promise<void>;
}

/**
 * The first screens, by route. apps/web/firstScreens.json, which the build and the server read, is written
 * from this table (firstScreenManifest.ts, `npm run first-screens -w @hiraku/web`), the addresses each
 * screen's data asks for included; a test fails when the file and the table differ.
 */
export const FIRST_SCREENS: Readonly<Record<string, FirstScreen>> = {
  [PATHS.home]: { module: 'packages/ui/src/routes/groups/publicPages.ts' },
  [PATHS.reports]: {
    module: 'packages/ui/src/pages/ReportsPage.tsx',
    data: (client, call) => {
      const sort = readStoredSort();
      // A choice stored before the server was told of it (SORT_COOKIE) is told now, for the next visit.
      tellServerSort(sort);
      return client.prefetchInfiniteQuery(feedQueryOptions(call, sort, { callOptions: BESIDE_THE_SESSION_CHECK }));
    },
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
  const data = FIRST_SCREENS[withoutTrailingSlash(pathname)]?.data?.(client, call);
  if (!data) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
  });
  return Promise.race([data, waited]).finally(() => clearTimeout(timer));
}
