import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * Image files for upload tests: a real photo-like JPEG carrying GPS and camera EXIF, and hand-built files
 * that lie about themselves (decompression bombs, text with an image name).
 */

/** Distinctive strings written into the EXIF block, so a test can search the stored bytes for them. */
export const EXIF_MARKERS = {
  make: 'HirakuTestCam',
  model: 'Model-7',
  serial: 'SN-0451-9987-ZZ',
  owner: 'Owner Secret Name',
} as const;

/** A 1200x900 JPEG with camera make/model, a body serial number and a GPS position (Tokyo Station). */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 180, g: 60, b: 90 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: EXIF_MARKERS.make, Model: EXIF_MARKERS.model, Artist: EXIF_MARKERS.owner },
      IFD2: { BodySerialNumber: EXIF_MARKERS.serial, CameraOwnerName: EXIF_MARKERS.owner },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 40/1 5226/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 45/1 5034/100',
      },
    })
    .toBuffer();
}

export async function plainPng(width = 400, height = 300, colour = { r: 20, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

export async function plainGif(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 250, g: 200, b: 0 } } }).gif().toBuffer();
}

export async function plainWebp(width = 300, height = 500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 160, b: 90, alpha: 0.5 } } }).webp().toBuffer();
}

export const SVG_IMAGE = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

export const TEXT_PRETENDING_TO_BE_JPEG = Buffer.from('これは画像ではありません。ただのテキストです。\n');

/** Script that a browser would run if an upload were ever served as HTML. */
export const SCRIPT_PAYLOAD = '<html><body><script>alert(document.domain)</script><img src=x onerror=alert(1)></body></html>';

export const HTML_PAGE = Buffer.from(`<!DOCTYPE html>${SCRIPT_PAYLOAD}`);
export const PDF_FILE = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n');
export const WINDOWS_PROGRAM = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58), Buffer.from('This program cannot be run in DOS mode.', 'latin1')]);

/** The start of a JPEG (SOI and a JFIF APP0 segment) with an HTML page where the image data should be. */
export function jpegHeaderWithHtml(): Buffer {
  const app0 = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([app0, Buffer.from(SCRIPT_PAYLOAD)]);
}

/** A GIF header that is also the start of a script (the "GIFAR" trick): `GIF89a=...;alert(1)`. */
export const GIF_SCRIPT_POLYGLOT = Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.domain);//<script>alert(1)</script>', 'latin1');

/** A PNG signature and then HTML. */
export const PNG_SIGNATURE_WITH_HTML = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(SCRIPT_PAYLOAD)]);

/** A complete, valid image with an HTML page appended after its end: a real polyglot that decoders accept. */
export async function jpegWithHtmlAppended(): Promise<Buffer> {
  return Buffer.concat([await jpegWithGps(), Buffer.from(SCRIPT_PAYLOAD)]);
}

/** The first `fraction` of a file: an image cut off in transfer. */
export function truncated(data: Buffer, fraction = 0.5): Buffer {
  return data.subarray(0, Math.floor(data.length * fraction));
}

/**
 * A PNG of about 100 bytes whose header claims 20000x20000 pixels (400 megapixels, ~1.2 GB decoded):
 * the classic decompression bomb.
 */
export function pngBomb(width = 20000, height = 20000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const firstRow = zlib.deflateSync(Buffer.alloc(width + 1), { level: 9 });
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', firstRow), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * A GIF whose screen header says 1x1 while its only frame claims 20000x20000: a check of the header alone
 * would let it through.
 */
export function gifHeaderLie(): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(1, 0);
  screen.writeUInt16LE(1, 2);
  screen[4] = 0x80; // a global colour table of two entries follows
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const frame = Buffer.alloc(10);
  frame[0] = 0x2c;
  frame.writeUInt16LE(20000, 5);
  frame.writeUInt16LE(20000, 7);
  const pixels = Buffer.from([2, 2, 0x4c, 0x01, 0]);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, palette, frame, pixels, Buffer.from([0x3b])]);
}

/** `bytes` long and starting like a JPEG, so only its size gives it away. */
export function oversizedJpeg(bytes: number): Buffer {
  const data = Buffer.alloc(bytes, 0x20);
  data[0] = 0xff;
  data[1] = 0xd8;
  data[2] = 0xff;
  return data;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * Whether an EXIF block (as sharp's metadata().exif gives it) points to a GPS directory: IFD0 holds tag
 * 0x8825 (GPSInfo) only when a position was recorded.
 */
export function exifHasGpsDirectory(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return false;
  const u16 = (at: number) => (order === 'II' ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (order === 'II' ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}

/**
 * A picture with structure (issue 38's hash tests): coloured blocks and discs placed by a seeded
 * generator, so each seed is a different image and the same seed the same one. Flat images carry no
 * difference hash at all (images/perceptualHash.ts), so re-upload tests need these.
 */
export async function patternImage(seed: number, width = 800, height = 600): Promise<Buffer> {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: small, deterministic, good enough to scatter shapes.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const colour = `rgb(${Math.floor(next() * 256)},${Math.floor(next() * 256)},${Math.floor(next() * 256)})`;
    const x = Math.floor(next() * width);
    const y = Math.floor(next() * height);
    const size = Math.floor((0.1 + next() * 0.3) * width);
    shapes.push(i % 2 === 0 ? `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size * 0.7}" fill="${colour}"/>` : `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="rgb(${Math.floor(next() * 256)},${Math.floor(next() * 256)},${Math.floor(next() * 256)})"/>${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
