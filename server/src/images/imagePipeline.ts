import { randomUUID } from 'node:crypto';
import sharp, { type Metadata, type ResizeOptions, type Sharp } from 'sharp';
import { LIMITS, TEXTS } from '@hiraku/shared';
import { payloadTooLarge, unsupportedMedia, validationError } from '../errors';
import { createSlotLimiter } from './slotLimiter';
import { sniffImageFormat } from './sniffImageFormat';

export { sniffImageFormat, type SniffedFormat } from './sniffImageFormat';

export type ImageVariant = 'icon' | 'reportMain' | 'reportThumbnail' | 'reportPreview';

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
  width: number;
  height: number;
}

/** WebP cannot hold a side longer than this; a very tall main image is scaled to fit instead of failing. */
const WEBP_MAX_SIDE = 16383;

/**
 * The blurred preview of a センシティブな画像: 40 px square and blurred with a radius of a
 * sixth of its side, so nothing of what it shows can be made out however far it is enlarged; the page
 * stretches it over the card. Made from the thumbnail, so it costs no second decode of the upload.
 */
export const PREVIEW_SIZE = 40;
const PREVIEW_BLUR_SIGMA = 6;

const RESIZE: Record<ImageVariant, ResizeOptions> = {
  icon: { width: LIMITS.iconSize, height: LIMITS.iconSize, fit: 'cover' },
  reportMain: { width: LIMITS.mainImageMaxWidth, height: WEBP_MAX_SIDE, fit: 'inside', withoutEnlargement: true },
  reportThumbnail: { width: LIMITS.thumbnailSize, height: LIMITS.thumbnailSize, fit: 'cover' },
  reportPreview: { width: PREVIEW_SIZE, height: PREVIEW_SIZE, fit: 'cover' },
};

/** A crafted file can make libvips spin; past this the upload is treated as unreadable. */
const DECODE_TIMEOUT_SECONDS = 20;

// Uploads never repeat, so libvips' operation cache would only hold decoded pixels in memory for nothing.
sharp.cache(false);

/**
 * A few decodes at a time: each may briefly need up to `imageMaxPixels` worth of memory, and a burst
 * of parallel uploads must not add those up.
 */
const decodeSlots = createSlotLimiter(2);

/**
 * Decodes and re-encodes an upload to WebP. The type is judged by content only; `limitInputPixels`
 * refuses decompression bombs (including a small header hiding a huge frame) before their pixels are
 * allocated; re-encoding without `withMetadata`/`keepExif` drops EXIF, GPS, XMP and camera serials.
 * Every refusal is an AppError with a Japanese message, so callers store nothing and answer it as is.
 */
export async function processImage(data: Buffer, variant: ImageVariant): Promise<ProcessedImage> {
  if (data.length > LIMITS.imageMaxBytes) throw payloadTooLarge(TEXTS.image.tooLarge);
  const format = sniffImageFormat(data);
  if (!format) throw unsupportedMedia(TEXTS.image.unsupported);

  return decodeSlots.run(async () => {
    const input = (): Sharp =>
      sharp(data, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'truncated', animated: false, sequentialRead: true }).timeout({
        seconds: DECODE_TIMEOUT_SECONDS,
      });

    let metadata: Metadata;
    try {
      metadata = await input().metadata();
    } catch (error) {
      throw refusal(error);
    }
    if (!metadata.width || !metadata.height || metadata.format !== format) throw validationError(TEXTS.image.broken);
    // Also checked by libvips; kept here so the rule holds whatever the decoder reports.
    if (metadata.width * metadata.height > LIMITS.imageMaxPixels) throw validationError(TEXTS.image.tooManyPixels);

    try {
      const resized = input()
        .rotate() // apply the EXIF orientation before the EXIF block is dropped
        .resize(RESIZE[variant]);
      const encoded = variant === 'reportPreview' ? resized.blur(PREVIEW_BLUR_SIGMA).webp({ quality: 50 }) : resized.webp({ quality: 82 });
      const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { data: out, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
    } catch (error) {
      throw refusal(error);
    }
  });
}

function refusal(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return /pixel limit/i.test(message) ? validationError(TEXTS.image.tooManyPixels) : validationError(TEXTS.image.broken);
}

export function newImageKey(folder: 'icons' | 'reports', extension: ProcessedImage['extension']): string {
  return `${folder}/${randomUUID()}.${extension}`;
}
