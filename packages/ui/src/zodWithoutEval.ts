/**
 * Imported first by each page's entry (apps/web, electron/src/renderer), before any zod schema is
 * built: the pages' Content-Security-Policy refuses eval, and zod probes `new Function` when it builds
 * an object schema, to pick a compiled fast path. The probe is caught, but the browser still reports a
 * policy violation, so in the pages zod runs `jitless`.
 *
 * zod keeps its settings on this global, so that every copy of it shares them; setting them here rather
 * than through zod's `config()` needs no import, so nothing is evaluated before it (and zod stays out of
 * the web app's first download); package.json lists it among the modules with side effects, or
 * bundlers would drop the import. zodWithoutEval.test.ts checks that zod reads the setting.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });

export {};
