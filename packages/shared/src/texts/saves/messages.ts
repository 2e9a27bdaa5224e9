import { LIMITS } from '../../limits';

/** TEXTS.saves: what the save calls and collections answer with. */
export const SAVES_MESSAGES = {
  reportNotFound: '保存できるレポートが見つかりません。',
  collectionNotFound: 'コレクションが見つかりません。',
  savesFull: `保存できるのは${LIMITS.savesMax.toLocaleString('ja-JP')}件までです。不要な保存を外してからお試しください。`,
  collectionsFull: `コレクションは${LIMITS.collectionsMax}個まで作れます。`,
  nameLength: `コレクション名を${LIMITS.collectionNameMax}文字以内で入力してください。`,
  nameTaken: '同じ名前のコレクションがすでにあります。',
  orderMismatch: '並び順が最新ではありません。ページを再読み込みしてからお試しください。',
  invalidCursor: '一覧の続きを読み込めませんでした。ページを再読み込みしてください。',
  saved: '保存しました。',
  unsaved: '保存を外しました。',
  collectionCreated: 'コレクションを作成しました。',
  collectionRenamed: 'コレクション名を変更しました。',
  collectionDeleted: 'コレクションを削除しました。',
  addedToCollection: 'コレクションに追加しました。',
  removedFromCollection: 'コレクションから外しました。',
  reordered: '並び順を保存しました。',
  failed: '保存の操作に失敗しました。時間をおいてもう一度お試しください。',
} as const;
