/**
 * For pages whose Content-Security-Policy refuses eval (the web app's and the desktop app's): zod
 * probes `new Function` before its first object parse to pick a compiled fast path. The probe is
 * caught, but the browser still reports a policy violation, so in pages zod runs without it (`jitless`).
 *
 * zod keeps its settings on this global, so that every copy of it shares them; setting them here rather
 * than through zod's `config()` keeps zod out of the first download (it loads with the screens that
 * use it). zodInPages.test.ts checks that zod reads the setting.
 */
export function runZodWithoutEval(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (holder.__zod_globalConfig ??= {}).jitless = true;
}
