import { imageTypeOfBytes, sniffImageType } from './imageSignature';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('imageTypeOfBytes', () => {
  it.each([
    ['image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10)],
    ['image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d)],
    ['image/gif', bytes(...Array.from('GIF89a', (c) => c.charCodeAt(0)))],
    ['image/webp', bytes(...Array.from('RIFF', (c) => c.charCodeAt(0)), 1, 2, 3, 4, ...Array.from('WEBP', (c) => c.charCodeAt(0)))],
  ])('knows %s by its first bytes', (type, head) => expect(imageTypeOfBytes(head)).toBe(type));

  it.each([
    ['text named .jpg', bytes(...Array.from('これは画像ではない', (c) => c.charCodeAt(0) & 0xff))],
    ['a RIFF file that is not WebP', bytes(...Array.from('RIFF', (c) => c.charCodeAt(0)), 1, 2, 3, 4, ...Array.from('WAVE', (c) => c.charCodeAt(0)))],
    ['a cut-off PNG header', bytes(0x89, 0x50, 0x4e)],
    ['an empty file', bytes()],
  ])('refuses %s', (_name, head) => expect(imageTypeOfBytes(head)).toBeNull());

  it('reads a Blob', async () => {
    await expect(sniffImageType(new Blob([bytes(0xff, 0xd8, 0xff, 0xdb)]))).resolves.toBe('image/jpeg');
    await expect(sniffImageType(new Blob(['plain text']))).resolves.toBeNull();
  });
});
