import { useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext';

/**
 * How many reported comments wait for an operator, fetched each time an operator opens the menu (so it
 * is fresh without polling). Null until known or when the fetch fails: the menu then shows no number.
 */
export function usePendingCount(enabled: boolean): number | null {
  const { client } = useApi();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    client
      .get<{ pendingCount: number }>('/api/moderation/comment-reports', { query: { status: 'pending' }, signal: controller.signal })
      .then((page) => setCount(page.pendingCount))
      .catch(() => setCount(null));
    return () => controller.abort();
  }, [enabled, client]);
  return count;
}
