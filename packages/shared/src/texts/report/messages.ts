import { LIMITS } from '../../limits';

/**
 * TEXTS.report: what the report calls answer with (checks, results, refusals) and the report form's
 * alerts. The feed's own notices are in REPORT_LIST_TEXTS, so /reports does not load these.
 */
export const REPORT_MESSAGES = {
  titleRequired: 'タイトルを入力してください。',
  titleTooLong: `タイトルは${LIMITS.reportTitleMax}文字以内で入力してください。`,
  descriptionTooLong: `感想は${LIMITS.reportTextMax}文字以内で入力してください。`,
  tipsTooLong: `注意点・ポイントは${LIMITS.reportTextMax}文字以内で入力してください。`,
  durationTooLong: `プレイ時間は${LIMITS.durationMax}文字以内で入力してください。`,
  toolNameRequired: '道具名を入力してください。',
  toolNameTooLong: `道具名は${LIMITS.toolNameMax}文字以内で入力してください。`,
  toolQuantityMax: `数量・特徴は${LIMITS.toolQuantityMax}文字までです`,
  toolsMax: `道具は${LIMITS.toolsMax}個までです`,
  stepActionTooLong: `プレイの流れは1つにつき${LIMITS.stepActionMax}文字以内で入力してください。`,
  stepsMax: `プレイの流れは${LIMITS.stepsMax}個までです`,
  maxSelectable: (n: number) => `${n}個まで選択できます`,
  tagInvalid: (field: string) => `「${field}」で選べないタグが指定されています。選び直してください。`,
  requiredForPublish: (field: string) => `公開するには「${field}」が必要です。`,
  formInvalid: '送信された内容を読み取れませんでした。ページを再読み込みしてからお試しください。',
  tooManyImages: 'メイン画像は1枚だけ選んでください。',
  invalidCursor: '読み込み位置が正しくありません。一覧を最初から読み込み直してください。',
  publicIdRequired: '会員IDを指定してください。',
  submitError: '送信中にエラーが発生しました',
  createFailed: (message?: string) => (message ? `レポートの作成に失敗しました: ${message}` : 'レポートの作成に失敗しました'),
  created: 'レポートを作成しました！',
  updated: 'レポートを更新しました！',
  updateFailed: 'レポートの更新に失敗しました',
  deleted: 'レポートを削除しました',
  deleteFailed: 'レポートの削除に失敗しました',
  deleteConfirm: 'このレポートを削除しますか？この操作は取り消せません。',
  leaveWarning: '入力内容が保存されていません。このページを離れますか？',
  notFound: 'レポートが見つかりません。',
  notAuthor: 'このレポートを編集・削除できるのは作成者だけです。',
} as const;
