import { LIMITS } from '../limits';
import { inMegabytes } from './units';

/** TEXTS.image: why an uploaded image (a report's main image, an icon) was refused. */
export const IMAGE_MESSAGES = {
  unsupported: '画像はJPEG・PNG・WebP・GIFのいずれかを選んでください。',
  tooLarge: `画像のサイズは${inMegabytes(LIMITS.imageMaxBytes)}MB以内にしてください。`,
  tooManyPixels: '画像の解像度が大きすぎます。小さくしてからアップロードしてください。',
  broken: '画像を読み込めませんでした。別の画像をお試しください。',
} as const;
