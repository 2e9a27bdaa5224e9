import { PAGE_TITLES } from './shell';
import { LIMITS } from '../limits';
import { inMegabytes } from './units';

/** TEXTS.image: why an uploaded image (a report's main image, an icon) was refused. */
export const IMAGE_MESSAGES = {
  unsupported: '画像はJPEG・PNG・WebP・GIFのいずれかを選んでください。',
  tooLarge: `画像のサイズは${inMegabytes(LIMITS.imageMaxBytes)}MB以内にしてください。`,
  tooManyPixels: '画像の解像度が大きすぎます。小さくしてからアップロードしてください。',
  broken: '画像を読み込めませんでした。別の画像をお試しください。',
  /** Issue 19: an image is posted only with both attestations of IMAGE_ATTESTATION_TEXTS. */
  attestationRequired: '画像を投稿するには、同意とモザイク処理の確認の両方にチェックを入れてください。',
} as const;

/** The two attestations ticked for each image at upload (issue 19, 性的姿態撮影等処罰法 and 刑法175条), and the rules page. */
export const IMAGE_ATTESTATION_TEXTS = {
  consent: '写っている人全員から、この画像を投稿することの同意を得ています',
  mosaic: '性器など法令で禁止される部分が写る場合はモザイク処理をしています',
  legend: '画像を投稿する前の確認',
  rulesLink: PAGE_TITLES.imageRules,
} as const;
