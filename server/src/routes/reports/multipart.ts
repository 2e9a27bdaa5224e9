import { Writable } from 'node:stream';
import { TEXTS, LIMITS, REPORT_IMAGE_FIELD, type MultipartFields } from '@hiraku/shared';
import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { payloadTooLarge, unsupportedMedia, validationError } from '../../errors';

/** Formidable's error ids (formidable/src/FormidableError.js) that say the client sent too much. */
const TOO_MANY_FIELDS = new Set([1006, 1007]);
const FILE_TOO_LARGE = new Set([1009, 1016]);
const TOO_MANY_FILES = 1015;

const FIELD_LIMITS = {
  /** The report form sends about 20 + 2x10 tools + 2x10 steps + 10 tags; room for blank rows. */
  maxFields: 200,
  /** Two 5,000-character texts of 4-byte characters and the rest, with room to spare. */
  maxFieldsSize: 256 * 1024,
};

function toAppError(error: Error & { code?: unknown; httpCode?: unknown }): Error {
  const code = Number(error.code);
  if (FILE_TOO_LARGE.has(code)) return payloadTooLarge(TEXTS.image.tooLarge);
  if (TOO_MANY_FIELDS.has(code)) return payloadTooLarge(TEXTS.common.payloadTooLarge);
  if (code === TOO_MANY_FILES) return validationError(TEXTS.report.tooManyImages, { [REPORT_IMAGE_FIELD]: TEXTS.report.tooManyImages });
  return validationError(TEXTS.report.formInvalid);
}

const uploads = new WeakMap<object, Buffer[]>();

/**
 * multipart/form-data for the report form only (the app parses JSON everywhere else). The file is kept
 * in memory, at most LIMITS.imageMaxBytes, and never touches the disk: a refused or failed request
 * leaves no temporary file behind. Read the fields with `multipartFields`, the image with `uploadedImage`.
 */
export function reportMultipart(): Middleware {
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT],
    formidable: {
      ...FIELD_LIMITS,
      maxFiles: LIMITS.reportImagesMax,
      maxFileSize: LIMITS.imageMaxBytes,
      maxTotalFileSize: LIMITS.imageMaxBytes,
      // A form whose file input was left empty still sends an empty part: that means "no image".
      allowEmptyFiles: true,
      minFileSize: 0,
      fileWriteStreamHandler: (file) => {
        const chunks: Buffer[] = [];
        if (file) uploads.set(file, chunks);
        return new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
        });
      },
    },
    onError: (error) => {
      throw toAppError(error);
    },
  });
  return async (ctx, next) => {
    if (!ctx.is('multipart')) throw unsupportedMedia(TEXTS.report.formInvalid);
    await parse(ctx, next);
  };
}

export function multipartFields(ctx: Context): MultipartFields {
  const body: unknown = ctx.request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as MultipartFields) : {};
}

/** The bytes of the one file sent as `field`, or null when none (or an empty one) was sent. */
export function uploadedImage(ctx: Context, field: string = REPORT_IMAGE_FIELD): Buffer | null {
  const entry = ctx.request.files?.[field];
  const file = Array.isArray(entry) ? entry[0] : entry;
  if (!file) return null;
  const data = Buffer.concat(uploads.get(file) ?? []);
  return data.length > 0 ? data : null;
}
