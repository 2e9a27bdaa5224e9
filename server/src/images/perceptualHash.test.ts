import { LIMITS } from '@hiraku/shared';
import sharp from 'sharp';
import { patternImage, plainPng } from '../../test/support/images';
import { processImage } from './imagePipeline';
import { hashDistance, imageHash } from './perceptualHash';

/** The hash as uploads get it: from our own re-encoded main image (commands/reportImages.ts). */
const uploadHash = async (data: Buffer) => imageHash((await processImage(data, 'reportMain')).data);

describe('imageHash', () => {
  it('gives a resized, re-encoded or converted copy a hash within the blocking distance, and an unrelated picture one far outside it', async () => {
    const original = await patternImage(7);
    const hash = await uploadHash(original);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const copies = [
      original,
      await sharp(original).resize(317).jpeg({ quality: 45 }).toBuffer(),
      await sharp(original).resize(1600).png().toBuffer(),
      await sharp(original).webp({ quality: 30 }).toBuffer(),
    ];
    const distances = await Promise.all(copies.map(async (copy) => hashDistance(hash ?? '', (await uploadHash(copy)) ?? '')));
    expect(distances[0]).toBe(0);
    for (const distance of distances) expect(distance).toBeLessThanOrEqual(LIMITS.imageHashMaxDistance);

    for (const seed of [8, 21, 99]) {
      const other = await uploadHash(await patternImage(seed));
      expect(hashDistance(hash ?? '', other ?? '')).toBeGreaterThan(LIMITS.imageHashMaxDistance * 1.5);
    }
  });

  it('gives a flat picture no hash, so one flat image never blocks another', async () => {
    expect(await uploadHash(await plainPng())).toBeNull();
    expect(await uploadHash(await plainPng(300, 300, { r: 200, g: 10, b: 10 }))).toBeNull();
  });

  it('counts differing bits', () => {
    expect(hashDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hashDistance('00000000000000f1', '0000000000000000')).toBe(5);
  });
});
