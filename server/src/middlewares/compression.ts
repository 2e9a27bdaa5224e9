import { Readable, pipeline } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import etag from '@koa/etag';
import compressible from 'compressible';
import type { Context, Middleware } from 'koa';
import Negotiator from 'negotiator';

/** Answers smaller than this gain less from compression than the compressor costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Whole answers up to this size (every API answer of a page, a search or a report: 2-10 KB) are
 * compressed in one synchronous call. A zlib stream per answer costs several times the compression
 * itself (its object, its buffers and its round trip through the thread pool): 0.48 ms of CPU against
 * 0.10 ms for a 4.8 KB feed page at the same quality (bench/RESULTS.md, Real traffic). Larger answers,
 * which would hold the event loop for milliseconds, and streamed ones go through a stream.
 */
export const WHOLE_BODY_LIMIT_BYTES = 64 * 1024;

type Encoding = 'br' | 'gzip';
const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
// Brotli quality 4 compresses about as fast as gzip's default and smaller.
const BROTLI_QUALITY = 4;
const EMPTY_BODY_STATUSES = new Set([204, 205, 304]);
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

// negotiator 1.x breaks ties by a preference; its published types (0.6) do not declare the option yet.
type EncodingNegotiator = { encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined };

/** br or gzip as the client's Accept-Encoding allows, br when both are as welcome; null for none. */
function negotiatedEncoding(ctx: Context): Encoding | null {
  if (!ctx.get('Accept-Encoding')) return null;
  const chosen = (new Negotiator(ctx.req) as unknown as EncodingNegotiator).encoding(ENCODINGS, { preferred: ENCODINGS });
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/** False for answers that must go out as they are: empty, partial, already encoded, not compressible, an event stream, or marked no-transform. */
function compressibleAnswer(ctx: Context): boolean {
  const { response } = ctx;
  return (
    ctx.body != null &&
    ctx.method !== 'HEAD' &&
    !EMPTY_BODY_STATUSES.has(ctx.status) &&
    ctx.status !== 206 &&
    !response.get('Content-Encoding') &&
    !response.get('Content-Range') &&
    // An event stream must reach the client as it is written; a compressor would hold it back.
    !response.is('text/event-stream') &&
    compressible(response.type) === true &&
    !NO_TRANSFORM.test(response.get('Cache-Control'))
  );
}

function compressWhole(encoding: Encoding, body: Buffer): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body);
}

// Flushed at each write: a page sent in parts (its head first, middlewares/firstScreenHtml.ts) reaches
// the browser part by part; an answer written at once is one write, one flush.
const STREAM_OPTIONS: { br: BrotliOptions; gzip: ZlibOptions } = {
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY }, flush: constants.BROTLI_OPERATION_FLUSH },
  gzip: { flush: constants.Z_SYNC_FLUSH },
};

/**
 * Compresses answers with brotli or gzip, as the client's Accept-Encoding allows. Left alone: small
 * answers, images (not compressible), empty answers, event streams and any answer that already has a
 * Content-Encoding (the precompressed assets of the web app, see webApp).
 */
export function compression(): Middleware {
  return async (ctx, next) => {
    ctx.vary('Accept-Encoding');
    await next();
    if (!compressibleAnswer(ctx)) return;
    const encoding = negotiatedEncoding(ctx);
    if (!encoding) return;

    let body: unknown = ctx.body;
    // Serialised once: an answer left as it is (too small) goes out as this text, not serialised again by Koa.
    if (!(typeof body === 'string' || Buffer.isBuffer(body) || body instanceof Readable)) body = ctx.body = JSON.stringify(body);
    if (typeof body === 'string') body = Buffer.from(body);
    if (Buffer.isBuffer(body) && body.length < COMPRESSION_THRESHOLD_BYTES) return;

    ctx.set('Content-Encoding', encoding);
    if (Buffer.isBuffer(body) && body.length <= WHOLE_BODY_LIMIT_BYTES) {
      // Koa keeps the Content-Type and sets the Content-Length of the compressed bytes.
      ctx.body = compressWhole(encoding, body);
      return;
    }
    ctx.remove('Content-Length');
    const compressor = encoding === 'br' ? createBrotliCompress(STREAM_OPTIONS.br) : createGzip(STREAM_OPTIONS.gzip);
    ctx.body = compressor;
    if (body instanceof Readable) pipeline(body, compressor, () => undefined);
    else compressor.end(body);
  };
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
