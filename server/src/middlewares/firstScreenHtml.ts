import { BOOT_HEADER_ID, BOOT_SCREEN_ID, SORT_COOKIE } from '@hiraku/shared';
import type { RenderedFirstScreen } from '@hiraku/ui/server';
import type { Context } from 'koa';
import { readAccessCookie } from '../auth/sessionCookies';
import { userFromAccessToken, type SessionDeps } from '../auth/sessions';
import { readInProcess } from '../http/inProcessRead';
import type { Logger } from '../logger';
import type { AllEndpointHandlers } from '../routes';

/** The first screen at `pathname` for the member of the request, from the API answers it paints from; null to send the page without it. */
export type FirstScreenRenderer = (ctx: Context, pathname: string, fetch: readonly string[]) => Promise<RenderedFirstScreen | null>;

/**
 * The page's answers list a feed in one order and the member's list starts in another (SORT_COOKIE): the
 * screen would show them the wrong cards first.
 */
function startsInAnotherOrder(ctx: Context, fetch: readonly string[]): boolean {
  const chosen = ctx.cookies.get(SORT_COOKIE);
  if (!chosen) return false;
  return fetch.some((url) => {
    const sort = new URL(url, 'http://page.invalid').searchParams.get('sort');
    return sort !== null && sort !== chosen;
  });
}

/**
 * Renders a first screen (apps/web/firstScreens.json) on the server for a signed-in member (issue 22: the
 * LCP of /reports). What it shows is read through the API's own handlers (http/inProcessRead.ts), so the
 * visibility rules stay in one place; the app's React code (packages/ui/src/server) is loaded at the first
 * such page, not at start. No member (no access token, or an expired one: the browser refreshes it), a
 * list that starts in another order, an answer refused, or a rendering that fails: null, and the member
 * gets the page as before.
 */
export function firstScreenRenderer({ sessions, handlers, logger }: { sessions: SessionDeps; handlers: AllEndpointHandlers; logger: Logger }): FirstScreenRenderer {
  let ui: Promise<typeof import('@hiraku/ui/server')> | undefined;
  return async (ctx, pathname, fetch) => {
    if (startsInAnotherOrder(ctx, fetch)) return null;
    try {
      const user = await userFromAccessToken(sessions, readAccessCookie(ctx));
      if (!user) return null;
      const answers: Record<string, unknown> = {};
      await Promise.all(
        fetch.map(async (url) => {
          const answer = await readInProcess(handlers, ctx, user, url);
          if (answer !== undefined) answers[url] = answer;
        }),
      );
      ui ??= import('@hiraku/ui/server');
      return await (await ui).renderFirstScreen(pathname, answers);
    } catch (error) {
      logger.warn({ err: error, path: pathname }, 'first screen not rendered on the server');
      return null;
    }
  };
}

/**
 * The page with the rendered screen where index.html has its stand-in header bar, and the screen's title.
 * The screen is `inert`: a picture of the page until the app, once its scripts have run, draws the same
 * screen and removes it (apps/web/src/main.tsx), so nothing typed or pressed in it before then is lost
 * to a control that is about to be replaced; the page scrolls, and reads, as usual.
 */
export function withFirstScreen(page: string, screen: RenderedFirstScreen): string {
  const standIn = new RegExp(`<header id="${BOOT_HEADER_ID}"[^>]*></header>`);
  let html = page.replace(standIn, () => `<div id="${BOOT_SCREEN_ID}" inert>${screen.html}</div>`);
  if (screen.title !== null) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${screen.title}</title>`);
  return html;
}
