import fs from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

/**
 * Answers a request for one of the built renderer's files, with the policy header on every answer. A
 * path that leaves the folder (encoded dots, backslashes) is a 404, never a file elsewhere on disk.
 * Plain Node and web `Response`, so the custom scheme and the browser tests serve exactly the same way.
 */
export async function rendererFileResponse(rootDir: string, pathname: string, csp: string): Promise<Response> {
  const headers = { 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
  let relative: string;
  try {
    relative = decodeURIComponent(pathname);
  } catch {
    return new Response('Not found', { status: 404, headers });
  }
  if (relative === '/' || relative === '') relative = '/index.html';
  const root = path.resolve(rootDir);
  const file = path.resolve(root, `.${relative}`);
  if (relative.includes('\0') || relative.includes('\\') || !file.startsWith(root + path.sep)) return new Response('Not found', { status: 404, headers });
  try {
    const content = await fs.readFile(file);
    return new Response(new Uint8Array(content), { status: 200, headers: { ...headers, 'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' } });
  } catch {
    return new Response('Not found', { status: 404, headers });
  }
}
