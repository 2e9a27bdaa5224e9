import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { FIRST_SCREENS_MANIFEST } from '../../packages/shared/src/webBuild';
import firstScreens from './firstScreens.json';

/**
 * The pages whose first screen is named in the HTML (firstScreens.json; bench/bundleSize.mjs measures the
 * same routes): the screen's module, as the route table imports it, and the API answers it paints from,
 * exactly as the app asks for them (packages/ui/src/routes/firstScreenData.test.ts holds the feed's). The
 * server reads those answers for a signed-in member, renders the screen and sends both in the page.
 */
export interface FirstScreen {
  module: string;
  fetch: string[];
}
export const FIRST_SCREENS: Readonly<Record<string, FirstScreen>> = firstScreens;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** `key`'s file and every file it imports statically, transitively. */
function staticClosure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk' || seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
}

/**
 * A copy of index.html for each first screen, with what that screen needs named in its head, so the
 * browser fetches it beside the entry's scripts instead of one step after another (the first card of
 * /reports waited for the entry, then its screen's code):
 * - `modulepreload` for the screen's own chunks (the entry's are in index.html already);
 * - the stylesheet moved ahead of them: nothing paints before it arrives.
 * No API answer is preloaded: the server sends those it read for the screen in the page itself
 * (server/src/middlewares/firstScreenHtml.ts), so the browser never reads them a second time.
 * Scripts stay files of this origin: the pages' Content-Security-Policy (script-src 'self') is unchanged.
 */
export function firstScreenPages(repoRoot: string, screens: Readonly<Record<string, FirstScreen>> = FIRST_SCREENS): Plugin {
  let base = '/';
  return {
    name: 'hiraku-first-screen-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') throw new Error('first screen pages: the build has no index.html');
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('first screen pages: the build has no entry chunk');
      const inIndex = staticClosure(bundle, entry.fileName);
      const pages: Record<string, { page: string; fetch: string[] }> = {};
      for (const [route, screen] of Object.entries(screens)) {
        const moduleId = path.join(repoRoot, screen.module);
        // A module's code is in one chunk only: the one that holds it is the screen's.
        const chunk = chunks.find((candidate) => candidate.moduleIds.includes(moduleId));
        if (!chunk) throw new Error(`first screen pages: no chunk for ${screen.module} (${route}); was the route table changed?`);
        const scripts = [...staticClosure(bundle, chunk.fileName)].filter((file) => !inIndex.has(file));
        const code = scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(base + file)}">`);
        const page = String(html.source);
        // The stylesheet first of all: with the screen in the HTML (server/src/middlewares/firstScreenHtml.ts)
        // it is all the first paint waits for, and behind a dozen preloads it waited for free connections.
        const stylesheets = page.match(/<link rel="stylesheet"[^>]*>\n?\s*/g) ?? [];
        const source = stylesheets
          .reduce((text, link) => text.replace(link, ''), page)
          .replace('<script type="module"', `${stylesheets.map((link) => `${link.trim()}\n    `).join('')}<script type="module"`)
          .replace('</head>', `${code.map((link) => `  ${link}\n`).join('')}  </head>`);
        const fileName = `first-screens/${route === '/' ? 'index' : route.slice(1).replace(/\//g, '-')}.html`;
        this.emitFile({ type: 'asset', fileName, source });
        pages[route] = { page: fileName, fetch: screen.fetch };
      }
      this.emitFile({ type: 'asset', fileName: FIRST_SCREENS_MANIFEST, source: `${JSON.stringify(pages, null, 2)}\n` });
    },
  };
}
