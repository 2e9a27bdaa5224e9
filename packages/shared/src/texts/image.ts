import { PAGE_TITLES } from './shell';
import { LIMITS } from '../limits';
import { inMegabytes } from './units';
import { SENSITIVE_IMAGE_VIEW_TEXTS } from './sensitiveImageView';

/** TEXTS.image: why an uploaded image (a report's main image, an icon) was refused. */
export const IMAGE_MESSAGES = {
  unsupported: '画像はJPEG・PNG・WebP・GIFのいずれかを選んでください。',
  tooLarge: `画像のサイズは${inMegabytes(LIMITS.imageMaxBytes)}MB以内にしてください。`,
  tooManyPixels: '画像の解像度が大きすぎます。小さくしてからアップロードしてください。',
  broken: '画像を読み込めませんでした。別の画像をお試しください。',
  /** Issue 39: the file's first bytes are no JPEG, PNG, WebP or GIF, whatever its name says. */
  notAnImage: '選んだファイルは画像ではないようです。JPEG・PNG・WebP・GIFの画像を選んでください。',
  /** Issue 19: an image is posted only with both attestations of IMAGE_ATTESTATION_TEXTS. */
  attestationRequired: '画像を投稿するには、同意とモザイク処理の確認の両方にチェックを入れてください。',
  /** The author tried to remove a センシティブな画像 label an operator locked. */
  sensitiveLocked: 'この画像は運営がセンシティブな画像に設定しているため、表示の設定を外すことはできません。',
  sensitiveChoiceInvalid: 'センシティブな画像の表示方法を選んでください。',
  sensitiveChoiceSaved: 'センシティブな画像の表示方法を保存しました。',
  labelSaved: '画像のセンシティブ表示を変更しました。',
  labelUnchanged: '画像のセンシティブ表示はすでにその状態です。',
  noImage: 'このレポートには画像がありません。',
} as const;


/** TEXTS.image.sensitive: how sensitive images appear, the form's label and the 設定 section. */
export const SENSITIVE_IMAGE_TEXTS = {
  ...SENSITIVE_IMAGE_VIEW_TEXTS,
  formHint: '性的な内容や肌の露出がある画像はオンのままにしてください。オンの画像は、見る人の設定に合わせてぼかして表示されます。',
  formLocked: '運営がこの画像をセンシティブな画像に設定したため、オフにはできません。',
  settingsHeading: SENSITIVE_IMAGE_VIEW_TEXTS.label,
  settingsLead: 'センシティブな画像に設定された画像を、一覧やレポートでどう表示するかを選べます。自分の投稿した画像はいつも表示されます。',
  choices: { show: '表示する', blur: 'ぼかす', hide: '表示しない' },
  choiceHints: {
    show: 'ほかの画像と同じように表示します。',
    blur: 'ぼかして表示し、「表示する」を押したときだけ元の画像を読み込みます。',
    hide: '画像の代わりに「センシティブな画像（非表示）」と表示します。',
  },
  save: '保存する',
  operatorHeading: '画像のセンシティブ表示',
  operatorSensitive: 'センシティブな画像にする',
  operatorLocked: '投稿者が外せないように固定する',
  operatorSave: '画像の設定を保存',
  operatorQuestion: '画像のセンシティブ表示をこの内容で保存しますか？',
} as const;

/** The two attestations ticked for each image at upload (issue 19, 性的姿態撮影等処罰法 and 刑法175条), and the rules page. */
export const IMAGE_ATTESTATION_TEXTS = {
  consent: '写っている人全員から、この画像を投稿することの同意を得ています',
  mosaic: '性器など法令で禁止される部分が写る場合はモザイク処理をしています',
  legend: '画像を投稿する前の確認',
  rulesLink: PAGE_TITLES.imageRules,
} as const;
