import { LIMITS } from '../../limits';

/** TEXTS.taxonomy: what the category and tag calls answer with (checks, results, refusals). */
export const TAXONOMY_MESSAGES = {
  failed: '失敗しました。時間をおいて再度お試しください。',
  tagFailed: 'タグの操作に失敗しました。時間をおいて再度お試しください。',
  categoryNameRequired: 'カテゴリ名を入力してください',
  categoryNameTooLong: `カテゴリ名は${LIMITS.categoryNameMax}文字以内で入力してください`,
  tagNameRequired: 'タグ名を入力してください',
  tagNameTooLong: `タグ名は${LIMITS.tagNameMax}文字以内で入力してください`,
  nameTaken: '同じ名前がすでにあります。',
  categoryNotFound: 'カテゴリが見つかりません。',
  tagNotFound: 'タグが見つかりません。',
  systemCategoryLocked: 'このカテゴリはレポートの入力項目に使われているため削除できません。名前の変更はできます。',
  parentInvalid: '親タグには、存在する別のタグを選んでください。',
  parentCycle: '親タグに、このタグ自身やその子孫は選べません。',
  numberInvalid: `表示順・階層・人気度には${LIMITS.taxonomyNumberMin}以上の整数を入力してください。`,
  levelInvalid: `階層には${LIMITS.taxonomyLevelMin}以上の整数を入力してください。`,
  popularityTagsInvalid: '人気度を更新するタグの指定が正しくありません。',
  tagCreated: 'タグを作成しました。',
  tagUpdated: 'タグを更新しました。',
  tagDeleted: 'タグを削除しました。',
  categoryCreated: 'カテゴリを追加しました。',
  categoryUpdated: 'カテゴリを更新しました。',
  categoryDeleted: 'カテゴリを削除しました。',
  popularityUpdated: 'タグの人気度を更新しました。',
} as const;
