import { LIMITS } from '../../limits';

/** TEXTS.comment: what the comment calls answer with and the comment thread's alerts. */
export const COMMENT_MESSAGES = {
  empty: 'コメントを入力してください。',
  tooLong: `コメントは${LIMITS.commentMax}文字以内で入力してください。`,
  articleRequired: 'コメントするレポートを指定してください。',
  postFailed: 'コメントの投稿に失敗しました。',
  fetchFailed: 'コメントの取得に失敗しました。',
  deleteFailed: 'コメントの削除に失敗しました。',
  deleted: 'コメントを削除しました。',
  reportFailed: 'コメントの通報に失敗しました。',
  reported: '通報を受け付けました。',
  loginRequired: 'コメントを投稿するにはログインが必要です。',
  notAuthor: '自分のコメントのみ削除できます。',
  ownComment: '自分のコメントは通報できません。',
  notFound: 'コメントが見つかりません。',
} as const;
