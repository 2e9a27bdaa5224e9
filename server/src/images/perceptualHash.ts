import sharp from 'sharp';

/** Bits in a hash: a 9×8 grey thumbnail gives 8 comparisons per row over 8 rows. */
export const IMAGE_HASH_BITS = 64;
const WIDTH = 9;
const HEIGHT = 8;
/**
 * Below this spread of grey levels (0-255) the thumbnail is one flat tone: its bits would be the noise of
 * the encoder, and every flat picture would match every other, so such an image gets no hash at all.
 */
const FLAT_STDDEV = 4;

/**
 * The difference hash (dHash) of an image, as 16 hex digits: the picture shrunk to 9×8 grey pixels, one
 * bit per pair of neighbours in a row (is the left one brighter?). Scaling, re-encoding and a change of
 * format move a few bits at most, because the hash only sees coarse light and shade; an unrelated picture
 * differs in about half. Chosen over a DCT hash because sharp gives the 9×8 thumbnail directly and the
 * comparison is a popcount (docs/decisions.md). Takes any format sharp reads; the caller has checked the
 * bytes already (images/imagePipeline.ts). Null for a flat image (FLAT_STDDEV), which is never blocked.
 */
export async function imageHash(data: Buffer): Promise<string | null> {
  const pixels = await sharp(data, { animated: false })
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(WIDTH, HEIGHT, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const mean = pixels.reduce((sum, value) => sum + value, 0) / pixels.length;
  const variance = pixels.reduce((sum, value) => sum + (value - mean) ** 2, 0) / pixels.length;
  if (Math.sqrt(variance) < FLAT_STDDEV) return null;
  let bits = 0n;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH - 1; x++) {
      const left = pixels[y * WIDTH + x] ?? 0;
      const right = pixels[y * WIDTH + x + 1] ?? 0;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** How many of the 64 bits two hashes differ in. */
export function hashDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
