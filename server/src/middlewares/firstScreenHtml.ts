import { PassThrough, type Readable } from 'node:stream';
import { BOOT_HEADER_ID, BOOT_SCREEN_ID, FIRST_ANSWERS_ID, SORT_COOKIE } from '@hiraku/shared';
import type { RenderedFirstScreen } from '@hiraku/ui/server';
import type { Context } from 'koa';
import { readAccessCookie } from '../auth/sessionCookies';
import { userFromAccessToken, type SessionMember } from '../auth/sessions';
import { readInProcess } from '../http/inProcessRead';
import type { AllEndpointHandlers } from '../routes';
import type { AppServices } from '../services';

/** A first screen as the server wrote it, with the API answers it was read from, by address. */
export interface ScreenWithAnswers extends RenderedFirstScreen {
  answers: Readonly<Record<string, unknown>>;
}

/**
 * The first screen at `pathname` for the member of the request, from the API answers it paints from.
 * Null when the page goes without one; else the screen being rendered, which settles null if that fails.
 */
export type FirstScreenRenderer = (ctx: Context, pathname: string, fetch: readonly string[]) => Promise<{ screen: Promise<ScreenWithAnswers | null> } | null>;

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
 * Renders a first screen (apps/web/firstScreens.json) on the server for a signed-in member (the LCP of
 * /reports). What it shows is read through the API's own handlers (http/inProcessRead.ts), so the
 * visibility rules stay in one place; the app's React code (packages/ui/src/server) is loaded at the first
 * such page, not at start. No member (no access token, or an expired one: the browser refreshes it) or a
 * list that starts in another order: null, the page as before. An answer refused, or a rendering that
 * fails: the screen settles null, and the page goes on without it.
 */
export function firstScreenRenderer({ services, handlers }: { services: AppServices; handlers: AllEndpointHandlers }): FirstScreenRenderer {
  const { logger } = services;
  let ui: Promise<typeof import('@hiraku/ui/server')> | undefined;
  const render = async (ctx: Context, user: SessionMember, pathname: string, fetch: readonly string[]): Promise<ScreenWithAnswers | null> => {
    try {
      const answers: Record<string, unknown> = {};
      await Promise.all(
        fetch.map(async (url) => {
          const answer = await readInProcess(services, handlers, ctx, user, url);
          if (answer !== undefined) answers[url] = answer;
        }),
      );
      ui ??= import('@hiraku/ui/server');
      const rendered = await (await ui).renderFirstScreen(pathname, answers);
      return rendered ? { ...rendered, answers } : null;
    } catch (error) {
      logger.warn({ err: error, path: pathname }, 'first screen not rendered on the server');
      return null;
    }
  };
  return async (ctx, pathname, fetch) => {
    if (startsInAnotherOrder(ctx, fetch)) return null;
    const user = await userFromAccessToken(services, readAccessCookie(ctx)).catch(() => null);
    return user ? { screen: render(ctx, user, pathname, fetch) } : null;
  };
}

/** A first screen's page cut where the rendered screen goes: all of its head but the title, and the rest. */
export interface PageAroundScreen {
  head: string;
  title: string;
  rest: string;
}

export function splitPage(page: string): PageAroundScreen {
  const end = page.indexOf('</head>');
  const head = end === -1 ? '' : page.slice(0, end);
  const title = /<title>([^<]*)<\/title>\s*/.exec(head);
  return { head: title ? head.replace(title[0], '') : head, title: title?.[1] ?? '', rest: end === -1 ? page : page.slice(end) };
}

/**
 * JSON for a `<script type="application/json">`: no `<` left for the HTML parser to end the element on
 * (a report titled `</script>` stays text), as JSON.parse reads `\u003c` back.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The page after its head's links: the screen's title (else the page's), then the body with the screen,
 * inert, where index.html has its stand-in header bar, and the answers it was read from. Inert: a picture
 * of the page until the app, once its scripts have run, draws the same screen and removes it
 * (apps/web/src/main.tsx), so nothing typed or pressed in it before then is lost to a control about to be
 * replaced; the page scrolls and reads as usual. The answers let the app draw it without asking the API
 * for them again (FIRST_ANSWERS_ID).
 */
export function pageWithScreen(page: PageAroundScreen, screen: ScreenWithAnswers | null): string {
  const title = `<title>${screen?.title ?? page.title}</title>\n  `;
  if (!screen) return title + page.rest;
  const standIn = new RegExp(`<header id="${BOOT_HEADER_ID}"[^>]*></header>`);
  const answers = `<script type="application/json" id="${FIRST_ANSWERS_ID}">${scriptJson(screen.answers)}</script>`;
  return title + page.rest.replace(standIn, () => `<div id="${BOOT_SCREEN_ID}" inert>${screen.html}</div>${answers}`);
}

/**
 * The page as a stream: the head (stylesheet and scripts) leaves at once, so the browser fetches them
 * while the screen is rendered; the rest follows with the screen and its answers.
 */
export function streamPage(parts: PageAroundScreen, screen: Promise<ScreenWithAnswers | null>): Readable {
  const body = new PassThrough();
  body.write(parts.head);
  void screen.then(
    (rendered) => body.end(pageWithScreen(parts, rendered)),
    () => body.end(pageWithScreen(parts, null)),
  );
  return body;
}
