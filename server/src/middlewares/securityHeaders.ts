import type { Middleware } from 'koa';

/**
 * The pages load nothing from any other host (docs/decisions.md) but the images of the storage driver:
 * with S3 storage they come from the bucket or its CDN (`imageOrigin`, from the driver), so img-src
 * names that origin and nothing else does. Inline style attributes are allowed because React renders
 * dynamic widths (upload progress) that way.
 */
export function contentSecurityPolicy({ imageOrigin }: { imageOrigin: string | null }): string {
  const images = ["'self'", 'data:', 'blob:', ...(imageOrigin ? [imageOrigin] : [])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    "font-src 'self'",
    // blob: URLs exist only when the page's own scripts made them (the icon and photo previews); reading
    // one back is allowed so that whatever reads a preview (Playwright's trace snapshots, in the browser
    // tests) is not refused, which the tests' CSP guard would report as a violation.
    "connect-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders({ production, imageOrigin }: { production: boolean; imageOrigin: string | null }): Middleware {
  const csp = contentSecurityPolicy({ imageOrigin });
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
    if (production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
