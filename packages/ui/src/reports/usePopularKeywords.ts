import { useEffect, useState } from 'react';
import { FALLBACK_POPULAR_KEYWORDS } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';

/** GET /api/keywords/popular; the six words of docs/product.md stand in while it loads and if it fails. */
export function usePopularKeywords(): readonly string[] {
  const { keywords } = useApi();
  const [words, setWords] = useState<readonly string[]>(FALLBACK_POPULAR_KEYWORDS);
  useEffect(() => {
    const controller = new AbortController();
    keywords.popular(controller.signal).then(
      (answer) => {
        if (answer.keywords.length > 0) setWords(answer.keywords);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('popular keywords unavailable; showing the fallback words', error);
      },
    );
    return () => controller.abort();
  }, [keywords]);
  return words;
}
