import fs from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import { assertSafeKey, IMMUTABLE_CACHE_CONTROL, MEDIA_URL_PREFIX, type Storage } from './storage';

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
      try {
        await fs.writeFile(temp, data);
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    url: (key) => `${MEDIA_URL_PREFIX}${key}`,
    publicOrigin: null,
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
        ctx.set('Cache-Control', IMMUTABLE_CACHE_CONTROL);
        ctx.set('Content-Disposition', 'inline');
        ctx.type = type;
        ctx.body = body;
      };
    },
  };
}
