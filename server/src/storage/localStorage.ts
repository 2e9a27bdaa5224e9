import fs from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import { assertSafeKey, MEDIA_URL_PREFIX, type Storage } from './storage';

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.jpg': 'image/jpeg', '.png': 'image/png' };

/** Local disk under the data folder: the default, so `npm start` needs no cloud account. */
export function createLocalStorage(rootDir: string): Storage & { serve(): Middleware } {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    url: (key) => `${MEDIA_URL_PREFIX}${key}`,
    serve(): Middleware {
      return async (ctx, next) => {
        if (!ctx.path.startsWith(MEDIA_URL_PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
        const key = ctx.path.slice(MEDIA_URL_PREFIX.length);
        const type = CONTENT_TYPES[path.extname(key)];
        let body: Buffer;
        try {
          if (!type) throw new Error('unknown type');
          body = await fs.readFile(fileOf(key));
        } catch {
          ctx.status = 404;
          return;
        }
        // Keys are never reused (a new upload gets a new key), so the file can be cached for good.
        ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
        ctx.set('Content-Disposition', 'inline');
        ctx.type = type;
        ctx.body = body;
      };
    },
  };
}
