import { constants } from 'node:zlib';
import etag from '@koa/etag';
import type { Middleware } from 'koa';
import compress from 'koa-compress';

/** Answers smaller than this gain less from compression than the compressor costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers with brotli or gzip, as the client's Accept-Encoding allows (none when it names
 * none). koa-compress leaves alone images (not compressible), empty answers and any answer that already
 * has a Content-Encoding (the precompressed assets of the web app, see webApp). Brotli quality 4
 * compresses about as fast as gzip's default and smaller.
 */
export function compression(): Middleware {
  const compressor = compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Flushed at each write: a page sent in parts (its head first, middlewares/firstScreenHtml.ts) reaches
    // the browser part by part; an answer written at once is one write, one flush.
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 }, flush: constants.BROTLI_OPERATION_FLUSH },
    gzip: { flush: constants.Z_SYNC_FLUSH },
    deflate: false,
  });
  return (ctx, next) =>
    compressor(ctx, async () => {
      await next();
      // An event stream must reach the client as it is written; a compressor would hold it back.
      if (ctx.response.is('text/event-stream')) ctx.compress = false;
    });
}

/**
 * Validators and conditional GET: a successful GET answer gets a weak ETag (weak, because the same
 * entity goes out in several content codings) and a request whose If-None-Match (or, for files,
 * If-Modified-Since) still matches is answered 304 without a body. Answers declared `no-store` (session
 * and account answers, endpoint map) get no ETag: nothing about them is kept or compared. `private`
 * answers keep their `private, no-store`; the ETag only lets a client that asks again skip the body.
 */
export function conditionalGet(): Middleware {
  const tag = etag({ weak: true });
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    await tag(ctx, next);
    if (ctx.response.get('Cache-Control') === 'no-store') {
      ctx.remove('ETag');
      return;
    }
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
