import { Suspense, type ReactNode } from 'react';

/**
 * Suspense for a lazy part of a screen, in the browser only. On the server's first screen
 * (server/renderFirstScreen.tsx) the fallback is written instead: a boundary React's prerender completes
 * late is written hidden and revealed by an inline script, which the Content-Security-Policy
 * (script-src 'self') refuses, and the first screen is a picture of the page that buttons wait on anyway.
 */
export function ClientSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  if (typeof window === 'undefined') return <>{fallback}</>;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
