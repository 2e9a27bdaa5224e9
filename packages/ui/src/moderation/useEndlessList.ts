import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/apiError';

export interface EndlessPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A cursor-paged list that loads its next page when `sentinel` scrolls into view (or on the button).
 * `fetchPage` changing (a new filter) starts over from the first page; answers of an older run are dropped.
 */
export function useEndlessList<T>(fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<EndlessPage<T>>, failedText: string) {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useRef({ id: 0, controller: new AbortController() });
  const busy = useRef(false);
  const state = useRef({ cursor, done });
  state.current = { cursor, done };

  const load = useCallback(
    async (fresh: boolean) => {
      if (!fresh && (busy.current || state.current.done)) return;
      if (fresh) {
        run.current.controller.abort();
        run.current = { id: run.current.id + 1, controller: new AbortController() };
      }
      const { id, controller } = run.current;
      busy.current = true;
      setLoading(true);
      setError(null);
      try {
        const page = await fetchPage(fresh ? null : state.current.cursor, controller.signal);
        if (id !== run.current.id) return;
        setItems((previous) => (fresh ? page.items : [...previous, ...page.items]));
        setCursor(page.nextCursor);
        setDone(page.nextCursor === null);
      } catch (failure) {
        if (id === run.current.id && !controller.signal.aborted) setError(errorMessage(failure, failedText));
      } finally {
        if (id === run.current.id) {
          busy.current = false;
          setLoading(false);
        }
      }
    },
    [fetchPage, failedText],
  );

  useEffect(() => {
    void load(true);
    return () => run.current.controller.abort();
  }, [load]);

  // Endless loading: the sentinel under the list asks for more whenever it comes into view.
  // Observing anew after each page fires once more if it is still in view (a short page on a tall screen).
  const [sentinelElement, sentinel] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!sentinelElement || loading || done || error || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void load(false);
    });
    observer.observe(sentinelElement);
    return () => observer.disconnect();
  }, [sentinelElement, loading, done, error, load]);

  return { items, setItems, done, loading, error, loadMore: () => void load(false), reload: () => void load(true), sentinel };
}
