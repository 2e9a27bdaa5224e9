/** MESSAGES.taxonomy: see ../messages.ts. */
export const MESSAGES_TAXONOMY = {
  failed: '失敗しました。時間をおいて再度お試しください。',
  categoryNameRequired: 'カテゴリ名を入力してください',
  tagNameRequired: 'タグ名を入力してください',
  nameTaken: '同じ名前がすでにあります。',
  tagFailed: 'タグの操作に失敗しました。時間をおいて再度お試しください。',
  systemCategoryLocked: 'このカテゴリはレポートの入力項目に使われているため削除できません。名前の変更はできます。',
} as const;
