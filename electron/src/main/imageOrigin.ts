import { endpointPath, responseSchema, type HostResult } from '@hiraku/shared';

/**
 * Where the server's images come from when not from the server itself, as GET /api/site-config says:
 * the origin the renderer's policy must allow for the images to show. The server's answer goes into a
 * policy header, so only a plain http(s) origin is taken, never a keyword or a wildcard.
 */
export function imageOriginOf(body: unknown): string | null {
  const parsed = responseSchema('site.config').safeParse(body);
  const origin = parsed.success ? parsed.data.imageOrigin : null;
  if (!origin) return null;
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin ? origin : null;
  } catch {
    return null;
  }
}

export interface ImageOriginSource {
  current(): string | null;
  /** Asks the server again; true when the origin changed (the renderer must reload to get the new policy). */
  update(): Promise<boolean>;
}

/** Keeps what the configured server last said; offline or refused keeps the previous value. */
export function createImageOriginSource(call: (request: { method: 'GET'; path: string; query: [string, string][] }) => Promise<HostResult>): ImageOriginSource {
  let origin: string | null = null;
  return {
    current: () => origin,
    async update() {
      const result = await call({ method: 'GET', path: endpointPath('site.config'), query: [] });
      if (result.kind !== 'response' || result.status !== 200) return false;
      const next = imageOriginOf(result.body);
      const changed = next !== origin;
      origin = next;
      return changed;
    },
  };
}
