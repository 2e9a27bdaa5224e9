import { COMMON_TEXTS } from '../common';

/** TEXTS.comment.screens: the comment thread under a report. */
export const COMMENT_TEXTS = {
  heading: 'コメント',
  count: (n: number) => `${n}件`,
  label: 'コメントを書く',
  placeholder: '感想や質問を送ってみましょう',
  counter: COMMON_TEXTS.charCounter,
  submit: 'コメントする',
  posting: 'コメントを投稿しています...',
  deleting: 'コメントを削除しています...',
  reporting: 'コメントを通報しています...',
  delete: '削除',
  report: '通報',
  deleteConfirm: 'このコメントを削除しますか？',
  reportConfirm: 'このコメントを運営に通報しますか？',
  reportTitle: 'コメントの通報',
  reportReason: '通報の理由（任意）',
  reportReasonHint: (max: number) => `運営者だけが読みます。${max}文字まで。`,
  reportSubmit: '通報する',
  reportCancel: 'キャンセル',
  reported: '通報済み',
  alreadyReported: 'このコメントの通報はすでに受け付けています。',
  empty: 'まだコメントはありません。',
  hidden: '非表示中（あなたと運営者だけに見えています）',
  /** An operator looking at someone else's hidden comment. */
  hiddenForOperator: '非表示中（運営者にだけ見えています）',
  retry: COMMON_TEXTS.retry,
  list: 'コメント一覧',
} as const;
