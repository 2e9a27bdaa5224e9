// First: before any zod schema is built (see the module).
import '@hiraku/ui/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BOOT_HEADER_ID, BOOT_SCREEN_ID, FIRST_ANSWERS_ID, FIRST_ANSWERS_SESSION } from '@hiraku/shared';
import type { SessionUser } from '@hiraku/shared';
import { buildAppRoutes, createHirakuRouter, HirakuApp } from '@hiraku/ui';
import '@hiraku/ui/styles.css';
import { createWebPlatform } from './webPlatform';
import { afterFirstPaint } from './afterFirstPaint';

/** The answers the server read for the screen it rendered in the page, or null (server/src/middlewares/firstScreenHtml.ts). */
function firstAnswers(): Record<string, unknown> | null {
  const element = document.getElementById(FIRST_ANSWERS_ID);
  try {
    return element ? (JSON.parse(element.textContent ?? '') as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The member the server rendered the page for, taken out of its answers. The app starts from them, so its
 * first frame has the header the page had (the bell beside the search box) instead of adding the bell when
 * its own session check returns, which moved the search box on a loaded machine (e2e/layout-shift.spec.ts).
 * Taken out, so the next session check asks the server.
 */
function takeSessionUser(answers: Record<string, unknown> | null): SessionUser | undefined {
  const user = answers?.[FIRST_ANSWERS_SESSION] as SessionUser | undefined;
  if (answers) delete answers[FIRST_ANSWERS_SESSION];
  return typeof user?.publicId === 'string' ? user : undefined;
}

function start(container: HTMLElement): void {
  const answers = firstAnswers();
  const initialUser = takeSessionUser(answers);
  const platform = createWebPlatform(import.meta.env.VITE_API_BASE_URL ?? '', answers);
  // Made here, once, and not during a render (StrictMode would make it twice).
  const router = createHirakuRouter('browser', { routes: buildAppRoutes() });

  createRoot(container).render(
    <StrictMode>
      <HirakuApp platform={platform} router={router} initialUser={initialUser} />
    </StrictMode>,
  );

  // The app draws nothing until the router has the first address's screen (its chunk downloaded, or the
  // failure to show); the stand-in header of index.html, or the screen the server rendered in its place
  // (server/src/middlewares/firstScreenHtml.ts), goes then, in the same frame as the app's own.
  const dropStandIn = () => {
    for (const id of [BOOT_HEADER_ID, BOOT_SCREEN_ID, FIRST_ANSWERS_ID]) document.getElementById(id)?.remove();
  };
  if (router.state.initialized) dropStandIn();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      dropStandIn();
    });
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A screen the server rendered is painted before the app starts: started at once, the app's work could
// run ahead of that first frame and hold it back until the app drew the screen itself (issue 22, LCP).
if (document.getElementById(BOOT_SCREEN_ID)) void afterFirstPaint().then(() => start(container));
else start(container);
