import { CATEGORY_NAMES } from '../taxonomy/categoryNames';

/**
 * TEXTS.report.fieldLabels: the report form's fields by name, for its labels and for
 * "公開するには「…」が必要です。". The tag fields take the system categories' names, so both always agree.
 */
export const REPORT_FIELD_LABELS = {
  title: 'タイトル',
  description: '感想',
  tips: '注意点・ポイント',
  duration: 'プレイ時間',
  gender: CATEGORY_NAMES.gender,
  sexualOrientation: CATEGORY_NAMES.sexualOrientation,
  role: CATEGORY_NAMES.role,
  playCategories: CATEGORY_NAMES.playCategory,
  playContents: CATEGORY_NAMES.playContent,
  tools: CATEGORY_NAMES.tools,
  play: 'プレイの流れ',
  mainImage: 'メイン画像',
} as const;
export type ReportFieldName = keyof typeof REPORT_FIELD_LABELS;
