import { COOKIE_NAMES } from '@hiraku/shared';
import type { Middleware } from 'koa';
import type { PrimaryReads } from '../db/primaryReads';

/** How long after a write a browser's reads stay on the primary: well above a healthy replica's lag. */
export const READ_PRIMARY_AFTER_WRITE_MS = 5_000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read your own writes with read replicas. A request that changed something answers with a
 * short-lived cookie holding the time; for as long as it lives, this browser's requests read the primary
 * (PrimaryReads), so a reload right after a post, a hide or a block never shows the replica's older page,
 * on whichever API process it lands. The cookie carries no identity and grants nothing: a client that
 * forges it only sends its own reads to the primary, where they would go without replicas.
 */
export function readYourWrites(primaryReads: PrimaryReads, { production, windowMs = READ_PRIMARY_AFTER_WRITE_MS, now = Date.now }: { production: boolean; windowMs?: number; now?: () => number }): Middleware {
  return async (ctx, next) => {
    const wroteAt = Number(ctx.cookies.get(COOKIE_NAMES.wrote));
    const recent = Number.isSafeInteger(wroteAt) && now() - wroteAt >= 0 && now() - wroteAt < windowMs;
    await (recent ? primaryReads.run(next) : next());
    if (!SAFE_METHODS.has(ctx.method) && ctx.path.startsWith('/api/') && ctx.status < 400) {
      ctx.cookies.set(COOKIE_NAMES.wrote, String(now()), { httpOnly: true, sameSite: 'lax', path: '/', secure: production, maxAge: windowMs, overwrite: true });
    }
  };
}
