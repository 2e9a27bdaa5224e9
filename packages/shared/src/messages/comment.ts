import { LIMITS } from '../limits';

/** MESSAGES.comment: see ../messages.ts. */
export const MESSAGES_COMMENT = {
  empty: 'コメントを入力してください。',
  tooLong: `コメントは${LIMITS.commentMax}文字以内で入力してください。`,
  postFailed: 'コメントの投稿に失敗しました。',
  fetchFailed: 'コメントの取得に失敗しました。',
  deleteFailed: 'コメントの削除に失敗しました。',
  reportFailed: 'コメントの通報に失敗しました。',
  reported: '通報を受け付けました。',
  loginRequired: 'コメントを投稿するにはログインが必要です。',
  notAuthor: '自分のコメントのみ削除できます。',
} as const;
