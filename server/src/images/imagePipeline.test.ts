import { LIMITS, TEXTS } from '@hiraku/shared';
import sharp from 'sharp';
import {
  EXIF_MARKERS,
  exifHasGpsDirectory,
  gifHeaderLie,
  jpegWithGps,
  oversizedJpeg,
  plainGif,
  plainPng,
  plainWebp,
  pngBomb,
  SVG_IMAGE,
  TEXT_PRETENDING_TO_BE_JPEG,
} from '../../test/support/images';
import { AppError } from '../errors';
import { newImageKey, processImage, sniffImageFormat } from './imagePipeline';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('processImage', () => {
  it('drops EXIF, GPS and the camera serial number while re-encoding to WebP', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    // The fixture really carries what must disappear; otherwise this test could not fail.
    expect(exifHasGpsDirectory(before.exif)).toBe(true);
    expect(before.exif?.includes(Buffer.from(EXIF_MARKERS.serial))).toBe(true);
    expect(original.includes(Buffer.from(EXIF_MARKERS.make))).toBe(true);

    for (const variant of ['icon', 'reportMain', 'reportThumbnail'] as const) {
      const processed = await processImage(original, variant);
      const after = await sharp(processed.data).metadata();
      expect(after.format).toBe('webp');
      expect(after.exif).toBeUndefined();
      expect(exifHasGpsDirectory(after.exif)).toBe(false);
      expect(after.xmp).toBeUndefined();
      for (const marker of Object.values(EXIF_MARKERS)) expect(processed.data.includes(Buffer.from(marker))).toBe(false);
      expect(processed.data.includes(Buffer.from('EXIF'))).toBe(false);
    }
  });

  it('makes icons 160x160, thumbnails 300x300 and main images at most 1600 wide without enlarging', async () => {
    const photo = await jpegWithGps(); // 1200x900
    expect(await processImage(photo, 'icon')).toMatchObject({ width: LIMITS.iconSize, height: LIMITS.iconSize, contentType: 'image/webp' });
    expect(await processImage(photo, 'reportThumbnail')).toMatchObject({ width: LIMITS.thumbnailSize, height: LIMITS.thumbnailSize });
    expect(await processImage(photo, 'reportMain')).toMatchObject({ width: 1200, height: 900 });
    expect(await processImage(await plainPng(3200, 1000), 'reportMain')).toMatchObject({ width: LIMITS.mainImageMaxWidth, height: 500 });
  });

  it('fits a very tall main image into what WebP can hold instead of failing', async () => {
    const tall = await processImage(await plainPng(100, 20000), 'reportMain');
    expect(tall.width).toBeLessThanOrEqual(LIMITS.mainImageMaxWidth);
    expect(tall.height).toBeLessThanOrEqual(16383);
  });

  it('accepts PNG, GIF and WebP as well as JPEG', async () => {
    for (const image of [await plainPng(), await plainGif(), await plainWebp()]) {
      const processed = await processImage(image, 'icon');
      expect((await sharp(processed.data).metadata()).format).toBe('webp');
    }
  });

  it('turns the picture upright according to its EXIF orientation before dropping the EXIF', async () => {
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    expect(await processImage(sideways, 'reportMain')).toMatchObject({ width: 100, height: 200 });
  });

  it('refuses files that are not images whatever they are called', async () => {
    for (const file of [TEXT_PRETENDING_TO_BE_JPEG, SVG_IMAGE, Buffer.from('%PDF-1.7\n'), Buffer.alloc(0)]) {
      const error = await refusal(processImage(file, 'icon'));
      expect(error.status).toBe(415);
      expect(error.message).toBe(TEXTS.image.unsupported);
    }
  });

  it('refuses a file over 10 MB', async () => {
    const error = await refusal(processImage(oversizedJpeg(LIMITS.imageMaxBytes + 1), 'icon'));
    expect(error.status).toBe(413);
    expect(error.message).toBe(TEXTS.image.tooLarge);
  });

  it('refuses decompression bombs before decoding their pixels', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200);
    for (const file of [bomb, gifHeaderLie()]) {
      const started = Date.now();
      const error = await refusal(processImage(file, 'reportMain'));
      expect(error.status).toBe(400);
      expect(error.message).toBe(TEXTS.image.tooManyPixels);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('refuses a truncated or corrupt image with the "could not read" message', async () => {
    const photo = await jpegWithGps();
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    const pngHeaderOnly = (await plainPng()).subarray(0, 40);
    for (const file of [truncated, pngHeaderOnly]) {
      const error = await refusal(processImage(file, 'icon'));
      expect(error.status).toBe(400);
      expect(error.message).toBe(TEXTS.image.broken);
    }
  });
});

describe('sniffImageFormat', () => {
  it('judges by the first bytes', async () => {
    expect(sniffImageFormat(await jpegWithGps())).toBe('jpeg');
    expect(sniffImageFormat(await plainPng())).toBe('png');
    expect(sniffImageFormat(await plainGif())).toBe('gif');
    expect(sniffImageFormat(await plainWebp())).toBe('webp');
    expect(sniffImageFormat(SVG_IMAGE)).toBeNull();
    expect(sniffImageFormat(Buffer.from('RIFF....WAVE'))).toBeNull();
  });
});

describe('newImageKey', () => {
  it('makes a fresh, path-safe key every time', () => {
    const a = newImageKey('icons', 'webp');
    expect(a).toMatch(/^icons\/[0-9a-f-]{36}\.webp$/);
    expect(newImageKey('icons', 'webp')).not.toBe(a);
  });
});
