import { LIMITS } from '../limits';

/** MESSAGES.report: see ../messages.ts. */
export const MESSAGES_REPORT = {
  titleTooLong: `タイトルは${LIMITS.reportTitleMax}文字以内で入力してください。`,
  titleRequired: 'タイトルを入力してください。',
  maxSelectable: (n: number) => `${n}個まで選択できます`,
  toolsMax: `道具は${LIMITS.toolsMax}個までです`,
  toolQuantityMax: `数量・特徴は${LIMITS.toolQuantityMax}文字までです`,
  stepsMax: `プレイの流れは${LIMITS.stepsMax}個までです`,
  requiredForPublish: (field: string) => `公開するには「${field}」が必要です。`,
  submitError: '送信中にエラーが発生しました',
  createFailed: (message?: string) => (message ? `レポートの作成に失敗しました: ${message}` : 'レポートの作成に失敗しました'),
  created: 'レポートを作成しました！',
  updated: 'レポートを更新しました！',
  updateFailed: 'レポートの更新に失敗しました',
  deleted: 'レポートを削除しました',
  deleteFailed: 'レポートの削除に失敗しました',
  deleteConfirm: 'このレポートを削除しますか？この操作は取り消せません。',
  listFetchFailed: 'レポートの取得に失敗しました',
  likeInfoFailed: 'いいね情報の取得に失敗しました',
  allLoaded: 'すべてのレポートを読み込みました',
  leaveWarning: '入力内容が保存されていません。このページを離れますか？',
  notFound: 'レポートが見つかりません。',
  notAuthor: 'このレポートを編集・削除できるのは作成者だけです。',
} as const;
