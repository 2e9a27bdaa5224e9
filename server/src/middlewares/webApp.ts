import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import { z } from 'zod';
import { FIRST_SCREENS_MANIFEST, withoutTrailingSlash } from '@hiraku/shared';
import { splitPage, streamPage, type FirstScreenRenderer, type PageAroundScreen } from './firstScreenHtml';

/** Vite puts a content hash in every file name under /assets/: a changed file gets a new name. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html and the files of public/ keep their names: the browser asks again each time (a 304 when unchanged). */
const NAMED_FILE_CACHE = 'no-cache';

/**
 * Sends one file of the build, or its .br/.gz copy (written by apps/web/precompress.ts) when the client
 * accepts that encoding; koa-send sets Content-Encoding and the type of the original file.
 */
async function sendFile(ctx: Context, root: string, file: string, cacheControl: string): Promise<boolean> {
  ctx.vary('Accept-Encoding');
  const served = await send(ctx, file, {
    root,
    brotli: true,
    gzip: true,
    setHeaders: (res) => res.setHeader('Cache-Control', cacheControl),
  }).catch(() => null);
  return Boolean(served);
}

/**
 * The build's list of first screen pages (apps/web/firstScreenPages.ts): a path, its copy of index.html
 * and the API addresses that screen paints from.
 */
const firstScreensSchema = z.record(
  z.string(),
  z.object({ page: z.string().regex(/^first-screens\/[a-z0-9-]+\.html$/), fetch: z.array(z.string().startsWith('/api/')) }),
);
type FirstScreens = z.infer<typeof firstScreensSchema>;

/**
 * The page for an address: its file under the build, and for a first screen, what it paints from and the
 * page cut where a rendered screen goes (null when the file cannot be read).
 */
interface PickedPage {
  file: string;
  screen: { fetch: readonly string[]; page: PageAroundScreen | null } | null;
}

type KnownScreens = Record<string, { file: string; fetch: readonly string[]; page: PageAroundScreen | null }>;

/**
 * The page to send for an address: its first screen's copy of index.html (which names that screen's
 * scripts and API answers, so the browser fetches them at once), else index.html; null while there is no
 * build. The list is read again whenever index.html changes, i.e. after a new build.
 */
function pagePicker(distDir: string, indexFile: string): (pathname: string) => PickedPage | null {
  let known: { builtAt: number; screens: KnownScreens } | null = null;
  const readPages = (): FirstScreens => {
    try {
      const parsed = firstScreensSchema.safeParse(JSON.parse(fs.readFileSync(path.join(distDir, FIRST_SCREENS_MANIFEST), 'utf8')));
      return parsed.success ? parsed.data : {};
    } catch {
      // A build without the list (or an older one): every address gets index.html, as before.
      return {};
    }
  };
  // Each page is read and cut once per build, not at every page a member is sent.
  const readScreens = (): KnownScreens => {
    const screens: KnownScreens = {};
    for (const [route, { page, fetch }] of Object.entries(readPages())) {
      let text: string | null = null;
      try {
        text = fs.readFileSync(path.join(distDir, page), 'utf8');
      } catch {
        // Sent as a file below, which answers as it did before for a build missing it.
      }
      screens[route] = { file: page, fetch, page: text === null ? null : splitPage(text) };
    }
    return screens;
  };
  return (pathname) => {
    const index = fs.statSync(indexFile, { throwIfNoEntry: false });
    if (!index) return null;
    const builtAt = index.mtimeMs;
    if (known?.builtAt !== builtAt) known = { builtAt, screens: readScreens() };
    const screen = known.screens[withoutTrailingSlash(pathname)];
    return screen ? { file: screen.file, screen: { fetch: screen.fetch, page: screen.page } } : { file: 'index.html', screen: null };
  };
}

/** A first screen's page with the screen in it, for one member: theirs only, and never kept by a cache. */
const RENDERED_PAGE_CACHE = 'private, no-store';

/**
 * Serves the built single-page app: hashed assets are cached for a year, every other GET outside
 * /api gets index.html (or its first screen's copy) so client-side routes survive a reload. With
 * `renderFirstScreen`, a first screen's page holds that screen as the server rendered it for the signed-in
 * member (firstScreenHtml.ts); the page without it when there is no member or the rendering fails.
 */
export function webApp(distDir: string, { renderFirstScreen }: { renderFirstScreen?: FirstScreenRenderer } = {}): Middleware {
  const indexFile = path.join(distDir, 'index.html');
  const pageFor = pagePicker(distDir, indexFile);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api') {
      return next();
    }
    if (ctx.path.startsWith('/assets/')) {
      if (!(await sendFile(ctx, distDir, ctx.path, HASHED_ASSET_CACHE))) ctx.status = 404;
      return;
    }
    if (path.extname(ctx.path) && ctx.path !== '/index.html' && (await sendFile(ctx, distDir, ctx.path, NAMED_FILE_CACHE))) {
      return;
    }
    const page = pageFor(ctx.path);
    if (!page) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'Web アプリがビルドされていません。`npm run build` を実行してください。';
      return;
    }
    if (renderFirstScreen && page.screen?.page && ctx.method === 'GET') {
      const rendering = await renderFirstScreen(ctx, withoutTrailingSlash(ctx.path), page.screen.fetch);
      if (rendering) {
        ctx.set('Cache-Control', RENDERED_PAGE_CACHE);
        // Sent in two parts (the head before the screen): a proxy such as nginx passes each on as it comes.
        ctx.set('X-Accel-Buffering', 'no');
        ctx.type = 'html';
        ctx.body = streamPage(page.screen.page, rendering.screen);
        return;
      }
    }
    await sendFile(ctx, distDir, page.file, NAMED_FILE_CACHE);
  };
}
