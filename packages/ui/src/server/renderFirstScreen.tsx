import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
import { FIRST_ANSWERS_SESSION, sessionUserSchema, withoutTrailingSlash, type SessionUser } from '@hiraku/shared';
import { networkError } from '../api/apiError';
import { createApi } from '../api/createApi';
import type { Transport } from '../api/transport';
import { HirakuApp } from '../HirakuApp';
import type { Platform } from '../platform/Platform';
import { createQueryClient } from '../query/queryClient';
import { createHirakuRouter, firstScreenShown } from '../routes/createHirakuRouter';
import { prefetchFirstScreen } from '../routes/firstScreenData';
import { buildAppRoutes } from '../routes/routeTable';

/** The API answers the page was built with, by address (the first screen's `fetch` list of firstScreens.json). */
export type FirstScreenAnswers = Readonly<Record<string, unknown>>;

/**
 * Answers from what the server already read, never the network: an address it did not read is a failed
 * request, which the screen shows as it shows any (its placeholders or message) until the browser asks.
 */
function answersTransport(answers: FirstScreenAnswers): Transport {
  return (request) => {
    const url = new URL(request.url, 'http://first-screen.invalid');
    const key = `${url.pathname}${url.search}`;
    return request.method === 'GET' && key in answers ? Promise.resolve({ status: 200, body: answers[key] }) : Promise.reject(networkError());
  };
}

/** A screen as the server wrote it: the document's title and the markup of the app's root. */
export interface RenderedFirstScreen {
  title: string | null;
  html: string;
}

/** React writes the screen's <title> (PageTitle) first; the page wants it in its head. */
function splitTitle(markup: string): RenderedFirstScreen {
  const title = /^<title>([^<]*)<\/title>/.exec(markup);
  return title ? { title: title[1] ?? null, html: markup.slice(title[0].length) } : { title: null, html: markup };
}

/** Nothing leaves a page being written on the server: no links open, no questions are asked. */
function serverPlatform(transport: Transport): Platform {
  return { kind: 'web', apiBaseUrl: '', transport, openExternal: () => undefined, alert: () => undefined, confirm: () => Promise.resolve(false) };
}

/**
 * The first screen of `pathname` for a signed-in member as HTML, from the answers the server read for
 * them (issue 22: /reports' first card waited for the scripts to arrive, compile and run, about 0.8 s of
 * a 2-core machine's main thread, before React painted it). The same app, routes and screens as the
 * browser's, rendered once with nothing but those answers; the browser shows it until the app has drawn
 * the same screen itself (apps/web/src/main.tsx), so it is a picture of the page, not a second app:
 * links work as plain links, buttons wait for the scripts. Null when the answers hold no member. The title
 * comes escaped, as React wrote it.
 */
export async function renderFirstScreen(pathname: string, answers: FirstScreenAnswers): Promise<RenderedFirstScreen | null> {
  const session = sessionUserSchema.safeParse(answers[FIRST_ANSWERS_SESSION]);
  if (!session.success) return null;
  const user: SessionUser = session.data;
  const transport = answersTransport(answers);
  const api = createApi({ baseUrl: '', transport });
  const queryClient = createQueryClient();
  const router = createHirakuRouter('memory', { initialEntries: [withoutTrailingSlash(pathname)], routes: buildAppRoutes() });
  try {
    await Promise.all([prefetchFirstScreen(pathname, queryClient, api.call), firstScreenShown(router)]);
    // prerender, not renderToString: it waits for the lazy parts of the shell (the bell) instead of
    // leaving them to the browser.
    const { prelude } = await prerenderToNodeStream(<HirakuApp platform={serverPlatform(transport)} router={router} api={api} initialUser={user} queryClient={queryClient} />);
    return splitTitle(await text(prelude));
  } finally {
    router.dispose();
    queryClient.clear();
  }
}
