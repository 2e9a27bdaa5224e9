import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAnalytics } from './AnalyticsContext';

/** Lives inside the router: a page view for every route change (docs/product.md §2), path only, no query. */
export function AnalyticsRouteSync() {
  const { pathname } = useLocation();
  const { track } = useAnalytics();
  useEffect(() => {
    track('page_view', pathname);
  }, [pathname, track]);
  return null;
}
