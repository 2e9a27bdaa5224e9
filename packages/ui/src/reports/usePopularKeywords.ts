import { useEffect } from 'react';
import { FALLBACK_POPULAR_KEYWORDS } from '@hiraku/shared';
import { useEndpointQuery } from '../query/endpointQuery';

/** GET /api/keywords/popular; the six words of docs/product.md stand in while it loads and if it fails. */
export function usePopularKeywords(): readonly string[] {
  const { data, error } = useEndpointQuery('keywords.popular');
  useEffect(() => {
    if (error) console.warn('popular keywords unavailable; showing the fallback words', error);
  }, [error]);
  return data && data.keywords.length > 0 ? data.keywords : FALLBACK_POPULAR_KEYWORDS;
}
