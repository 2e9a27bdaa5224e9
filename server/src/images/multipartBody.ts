import { Writable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { LIMITS, REPORT_IMAGE_FIELD, TEXTS, type MultipartBody, type MultipartFields } from '@hiraku/shared';
import { payloadTooLarge, unsupportedMedia, validationError } from '../errors';

/** The report form sends about 20 + 2x10 tools + 2x10 steps + 10 tags; room for blank rows. */
const FIELDS_MAX = 200;
/** Two 5,000-character texts of 4-byte characters and the multipart framing, with room to spare. */
const FIELDS_MAX_BYTES = 256 * 1024;

// Formidable's error ids (formidable/src/FormidableError.js).
const FILE_TOO_LARGE_CODES = new Set([1009, 1016]);
const TOO_MANY_FIELDS_CODES = new Set([1006, 1007]);
const TOO_MANY_FILES_CODE = 1015;

/** What a form answers when an input sent more than its one file; the form's malformed message otherwise. */
const TOO_MANY_FILES_MESSAGES: Readonly<Record<string, string>> = { [REPORT_IMAGE_FIELD]: TEXTS.report.tooManyImages };

const uploadedBytes = new WeakMap<object, Buffer[]>();

/**
 * The one multipart/form-data parser, for every form that carries an image (the endpoint map's
 * `multipart(...)` bodies). Files are kept in memory, at most LIMITS.imageMaxBytes each, never in a
 * temporary folder, so a refused or failed request leaves nothing on disk. File parts under a name the
 * form does not declare are ignored.
 *
 * Answers, whichever form: a body too large (declared by Content-Length before it is read, or a file
 * passing the limit while it is read) 413 with the image message, too many fields 413 with the general
 * one, and in both cases the rest of the body is drained and the connection closed; an input with a
 * second file 400; anything else unreadable 400 with the form's message. A body that is not multipart is
 * refused 415, unless the form also takes JSON (`jsonAlso`, already parsed by the app-wide parser).
 * Mounted after authentication and CSRF, so a forged or anonymous request is never parsed.
 */
export function multipartBody({ files, jsonAlso, malformedMessage = TEXTS.common.invalidInput }: Pick<MultipartBody, 'files' | 'jsonAlso' | 'malformedMessage'>): Middleware {
  const maxTotalFileSize = files.length * LIMITS.imageMaxBytes;
  const tooManyFilesMessage = (files.length === 1 ? TOO_MANY_FILES_MESSAGES[files[0] ?? ''] : undefined) ?? malformedMessage;
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH],
    formidable: {
      maxFiles: files.length,
      maxFileSize: LIMITS.imageMaxBytes,
      maxTotalFileSize,
      maxFields: FIELDS_MAX,
      maxFieldsSize: FIELDS_MAX_BYTES,
      // A form whose file input was left empty still sends an empty part: that means "no file".
      allowEmptyFiles: true,
      minFileSize: 0,
      filter: (part) => files.includes(part.name ?? ''),
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
    if (!ctx.is('multipart/form-data')) {
      if (jsonAlso) return next();
      throw unsupportedMedia(malformedMessage);
    }
    const declared = Number(ctx.get('Content-Length') || 0);
    if (declared > maxTotalFileSize + FIELDS_MAX_BYTES) refuseBody(ctx, TEXTS.image.tooLarge);
    try {
      await parse(ctx, async () => undefined);
    } catch (error) {
      const code = Number((error as { code?: unknown }).code);
      if (FILE_TOO_LARGE_CODES.has(code)) refuseBody(ctx, TEXTS.image.tooLarge);
      if (TOO_MANY_FIELDS_CODES.has(code)) refuseBody(ctx, TEXTS.common.payloadTooLarge);
      if (code === TOO_MANY_FILES_CODE) throw validationError(tooManyFilesMessage, Object.fromEntries(files.map((name) => [name, tooManyFilesMessage])));
      throw validationError(malformedMessage);
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

/**
 * The text fields of the body: of a multipart body as formidable gives them (a string or a list of
 * strings each), of a JSON body its own values.
 */
export function formFields(ctx: Context): MultipartFields {
  const body: unknown = ctx.request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as MultipartFields) : {};
}

/** The bytes of the file sent as `field`, or null when none (or an empty one) was sent. */
export function uploadedImage(ctx: Context, field: string): Buffer | null {
  const value = ctx.request.files?.[field];
  const file = Array.isArray(value) ? value[0] : value;
  if (!file) return null;
  const data = Buffer.concat(uploadedBytes.get(file) ?? []);
  return data.length > 0 ? data : null;
}
