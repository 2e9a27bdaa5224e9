import type { ACCEPTED_IMAGE_TYPES } from '@hiraku/shared';

type ImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** The first bytes each accepted format starts with (null: any byte); WebP is a RIFF file naming WEBP at byte 8. */
const SIGNATURES: ReadonlyArray<{ type: ImageType; bytes: ReadonlyArray<number | null> }> = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, null, 0x61] },
  { type: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
];

/** The accepted format these first bytes are, or null: a file named .jpg is judged by what it holds. */
export function imageTypeOfBytes(head: Uint8Array): ImageType | null {
  const found = SIGNATURES.find(({ bytes }) => bytes.length <= head.length && bytes.every((byte, i) => byte === null || head[i] === byte));
  return found?.type ?? null;
}

/** Reads only the file's first bytes, before anything is uploaded. */
export async function sniffImageType(file: Blob): Promise<ImageType | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return imageTypeOfBytes(head);
}
