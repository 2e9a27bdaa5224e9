import { lazy, Suspense } from 'react';
import { MODERATION_TEXTS } from '@hiraku/shared';

// The chart library comes with the screen, fetched the first time an operator opens it: neither a
// member's first page nor the other operator screens carry it.
const AnalyticsPage = lazy(() => import('./AnalyticsPage').then((module) => ({ default: module.AnalyticsPage })));

/** The analytics screen, said to be loading while its chunk arrives. */
export function LazyAnalyticsPage() {
  return (
    <Suspense
      fallback={
        <p role="status" className="moderation__loading">
          {MODERATION_TEXTS.common.loading}
        </p>
      }
    >
      <AnalyticsPage />
    </Suspense>
  );
}
