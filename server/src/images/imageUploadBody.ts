import { Writable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { LIMITS, TEXTS } from '@hiraku/shared';
import { payloadTooLarge, validationError } from '../errors';

export interface ImageUploadOptions {
  /** Names of the file inputs this route reads, one file each; file parts under any other name are ignored. */
  fileFields: readonly string[];
}

/** Room for the text fields and multipart framing around the files. */
const FIELDS_MAX_BYTES = 256 * 1024;
const FIELDS_MAX = 100;

// formidable's codes for "a file passed maxFileSize" and "the files together passed maxTotalFileSize".
const FILE_TOO_LARGE_CODES = new Set([1009, 1016]);

const uploadedBytes = new WeakMap<object, Buffer[]>();

/**
 * Multipart parsing for one upload route; other requests pass through untouched. Files are kept in
 * memory (at most 10 MB each), never in a temporary folder, so a refused or failed request leaves
 * nothing on disk. A body that is too large is answered 413 with the image message before it is read,
 * or as soon as a file passes the limit. Put it after authentication and CSRF, so a forged or
 * anonymous request is never parsed.
 */
export function imageUploadBody({ fileFields }: ImageUploadOptions): Middleware {
  const maxTotalFileSize = fileFields.length * LIMITS.imageMaxBytes;
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      maxFiles: fileFields.length,
      maxFileSize: LIMITS.imageMaxBytes,
      maxTotalFileSize,
      maxFields: FIELDS_MAX,
      maxFieldsSize: FIELDS_MAX_BYTES,
      // A form whose file input was left empty still sends an empty part: that means "no new file".
      allowEmptyFiles: true,
      minFileSize: 0,
      filter: (part) => fileFields.includes(part.name ?? ''),
      fileWriteStreamHandler: (file) => {
        const chunks: Buffer[] = [];
        if (file) uploadedBytes.set(file, chunks);
        return new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
        });
      },
    },
  });

  return async (ctx, next) => {
    // A JSON body (already parsed by the app-wide parser) simply carries no file.
    if (!ctx.is('multipart/form-data')) return next();
    const declared = Number(ctx.get('Content-Length') || 0);
    if (declared > maxTotalFileSize + FIELDS_MAX_BYTES) refuseBody(ctx, TEXTS.image.tooLarge);
    try {
      await parse(ctx, async () => undefined);
    } catch (error) {
      const { code, httpCode } = error as { code?: unknown; httpCode?: unknown };
      if (FILE_TOO_LARGE_CODES.has(Number(code))) refuseBody(ctx, TEXTS.image.tooLarge);
      // Too many files or fields: not an image-size problem, so the general wording.
      if (Number(httpCode) === 413) refuseBody(ctx, TEXTS.common.payloadTooLarge);
      throw validationError(TEXTS.common.invalidInput);
    }
    await next();
  };
}

/**
 * Answers 413. The rest of the body is read and thrown away (a client still sending would otherwise get
 * a reset instead of the answer), and the connection is closed after the answer so that nothing else
 * arrives on it.
 */
function refuseBody(ctx: Context, message: string): never {
  ctx.set('Connection', 'close');
  ctx.req.resume();
  throw payloadTooLarge(message);
}

/** The bytes of the file sent as `field`, or null when none (or an empty one) was sent. */
export function uploadedImage(ctx: Context, field: string): Buffer | null {
  const value = ctx.request.files?.[field];
  const file = Array.isArray(value) ? value[0] : value;
  if (!file) return null;
  const chunks = uploadedBytes.get(file);
  const data = chunks ? Buffer.concat(chunks) : Buffer.alloc(0);
  return data.length > 0 ? data : null;
}

/**
 * The text fields of the request: of a multipart body each field's first value (always a string), of a
 * JSON body its own values, for the route's schema to check.
 */
export function formFields(ctx: Context): Record<string, unknown> {
  const body = ctx.request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  if (!ctx.is('multipart/form-data')) return { ...body };
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}
