/**
 * The renderer's policy: its own scripts and styles only, no network at all (every API call goes
 * through the main process), images from itself and from the configured server (report pictures).
 */
export function contentSecurityPolicy(serverOrigin: string | null): string {
  const images = ["'self'", 'data:', 'blob:', ...(serverOrigin ? [serverOrigin] : [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${images}`,
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
