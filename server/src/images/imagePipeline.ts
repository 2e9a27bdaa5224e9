import { randomUUID } from 'node:crypto';
import sharp, { type Metadata, type ResizeOptions } from 'sharp';
import { LIMITS, MESSAGES } from '@hiraku/shared';
import { payloadTooLarge, unsupportedMedia, validationError } from '../errors';

export type ImageVariant = 'icon' | 'reportMain' | 'reportThumbnail';

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
  width: number;
  height: number;
}

type SniffedFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** Judges the type by the first bytes, never by the file name or the declared type. */
export function sniffImageFormat(data: Buffer): SniffedFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.subarray(0, 6).toString('latin1'))) return 'gif';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

const RESIZE: Record<ImageVariant, ResizeOptions> = {
  icon: { width: LIMITS.iconSize, height: LIMITS.iconSize, fit: 'cover' },
  reportMain: { width: LIMITS.mainImageMaxWidth, withoutEnlargement: true },
  reportThumbnail: { width: LIMITS.thumbnailSize, height: LIMITS.thumbnailSize, fit: 'cover' },
};

/**
 * Decodes and re-encodes an upload. Re-encoding without `withMetadata` drops EXIF, GPS and camera
 * serials; `limitInputPixels` refuses decompression bombs before their pixels are allocated.
 */
export async function processImage(data: Buffer, variant: ImageVariant): Promise<ProcessedImage> {
  if (data.length > LIMITS.imageMaxBytes) throw payloadTooLarge(MESSAGES.image.tooLarge);
  const format = sniffImageFormat(data);
  if (!format) throw unsupportedMedia(MESSAGES.image.unsupported);
  const input = () => sharp(data, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error', animated: false });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch {
    throw validationError(MESSAGES.image.broken);
  }
  if (!metadata.width || !metadata.height || metadata.format !== format) throw validationError(MESSAGES.image.broken);
  if (metadata.width * metadata.height > LIMITS.imageMaxPixels) throw validationError(MESSAGES.image.tooManyPixels);
  try {
    const { data: out, info } = await input()
      .rotate() // apply the EXIF orientation before the EXIF block is dropped
      .resize(RESIZE[variant])
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data: out, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw validationError(MESSAGES.image.tooManyPixels);
    throw validationError(MESSAGES.image.broken);
  }
}

export function newImageKey(folder: 'icons' | 'reports', extension: ProcessedImage['extension']): string {
  return `${folder}/${randomUUID()}.${extension}`;
}
