import { useEffect } from 'react';
import { FALLBACK_POPULAR_KEYWORDS } from '@hiraku/shared';
import { useEndpointQuery } from '../query/endpointQuery';

export interface PopularKeywords {
  words: readonly string[];
  /** False while the six stand-in words are shown. */
  loaded: boolean;
}

/** GET /api/keywords/popular; the six words of docs/product.md stand in while it loads and if it fails. */
export function usePopularKeywords(): PopularKeywords {
  const { data, error } = useEndpointQuery('keywords.popular');
  useEffect(() => {
    if (error) console.warn('popular keywords unavailable; showing the fallback words', error);
  }, [error]);
  return data && data.keywords.length > 0 ? { words: data.keywords, loaded: true } : { words: FALLBACK_POPULAR_KEYWORDS, loaded: false };
}
