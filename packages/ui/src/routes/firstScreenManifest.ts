import { QueryClient } from '@tanstack/react-query';
import { FIRST_ANSWERS_SESSION } from '@hiraku/shared';
import { createApi } from '../api/createApi';
import { FIRST_SCREENS, prefetchFirstScreen } from './firstScreenData';

/** One screen of apps/web/firstScreens.json: its module and the API addresses the server reads for it. */
export interface FirstScreenEntry {
  module: string;
  fetch: string[];
}

/** An answer of every shape the first screens ask for: an empty page, which ends the list. */
const EMPTY_ANSWER = { data: [], hasMore: false, nextKey: null };

/**
 * apps/web/firstScreens.json as FIRST_SCREENS makes it: for each screen, its module and the addresses the
 * app asks for as it starts there (the session check, then the screen's data), recorded from the app's
 * own API client, so the server reads exactly what the app would ask and the app takes every answer from
 * the page. Run by apps/web/scripts/writeFirstScreens.ts; apps/web/src/firstScreens.test.ts compares.
 */
export async function firstScreenManifest(): Promise<Record<string, FirstScreenEntry>> {
  const manifest: Record<string, FirstScreenEntry> = {};
  for (const [route, screen] of Object.entries(FIRST_SCREENS)) {
    const asked: string[] = [];
    const api = createApi({
      baseUrl: '',
      readCookie: () => undefined,
      fetch: (input) => {
        asked.push(String(input));
        return Promise.resolve(new Response(JSON.stringify(EMPTY_ANSWER), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      },
    });
    await Promise.all([api.auth.me(), prefetchFirstScreen(route, new QueryClient(), api.call)]);
    if (asked[0] !== FIRST_ANSWERS_SESSION) throw new Error(`first screen ${route}: the app's first ask is not the session check`);
    manifest[route] = { module: screen.module, fetch: asked };
  }
  return manifest;
}
