import { QueryClient } from '@tanstack/react-query';

/**
 * The cache every screen reads the server through (HirakuApp provides it).
 * - No automatic retries: a failure shows its message and the screen's own retry button at once, as
 *   before; the API client already retries a 401 once after refreshing the session.
 * - Data is fresh for a minute: going back to a screen shows what it showed, without asking the server
 *   again; writes invalidate or update what they change (src/query/reportCache.ts), so a member's own
 *   change is never hidden by the cache.
 * - No refetch when the window gets the focus again: a screen changes under the member only when they
 *   act (docs/product.md §4, the feed keeps its place).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
