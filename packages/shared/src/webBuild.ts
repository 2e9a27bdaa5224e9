/**
 * What the web build and the server that sends its pages agree on. Free of imports: apps/web's Vite config
 * reads this file by its path (Node cannot load the package's TypeScript while Vite starts).
 */

/** Where the build lists each first screen's page by path (apps/web/firstScreenPages.ts writes it, server/src/middlewares/webApp.ts reads it). */
export const FIRST_SCREENS_MANIFEST = '.vite/first-screens.json';

/** `pathname` without a trailing slash (except the root's), as the route table's paths are written. */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * index.html's stand-in header bar, shown until the first screen's code has arrived (apps/web/src/main.tsx
 * removes it). The server puts a first screen it rendered (server/src/middlewares/firstScreenHtml.ts) in
 * its place, in an element of BOOT_SCREEN_ID, which main.tsx removes at the same moment.
 */
export const BOOT_HEADER_ID = 'boot-header';
export const BOOT_SCREEN_ID = 'boot-screen';

/**
 * The API answers a first screen rendered on the server was read from, sent in the same page as JSON
 * (`<script type="application/json">`): the app answers its first asks for those addresses from them
 * (packages/ui/src/api/firstAnswers.ts), so the page's data is read once, by the server.
 */
export const FIRST_ANSWERS_ID = 'first-answers';

/**
 * The first-screen answer that names the member a page was rendered for (the session check's address):
 * the server renders no screen without it, and the app starts signed in as that member.
 */
export const FIRST_ANSWERS_SESSION = '/api/auth/me';
