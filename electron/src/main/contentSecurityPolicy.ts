/**
 * The renderer's policy: its own scripts and styles only, no network at all (every API call goes
 * through the main process), images from itself, from the configured server (report pictures on its
 * local storage) and from the server's image storage when that is elsewhere (an S3 bucket or its CDN,
 * as GET /api/site-config names it: see imageOrigin.ts).
 */
export function contentSecurityPolicy(serverOrigin: string | null, imageOrigin: string | null = null): string {
  const sources = ["'self'", 'data:', 'blob:', ...(serverOrigin ? [serverOrigin] : [])];
  if (imageOrigin && !sources.includes(imageOrigin)) sources.push(imageOrigin);
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${sources.join(' ')}`,
    "font-src 'self' data:",
    "connect-src 'none'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
