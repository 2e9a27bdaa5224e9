import { SHELL_TEXTS } from '../shell';
import { LIMITS } from '../../limits';

/**
 * TEXTS.taxonomy.screens: the operators' screens /category-manager and /tag-manager, and the page
 * members see there. The results of calls (errors, "カテゴリを追加しました。") are TEXTS.taxonomy.
 */
export const TAXONOMY_TEXTS = {
  operatorsOnly: {
    body: 'カテゴリとタグの管理は運営者だけが行えます。レポートを探すときは、レポート一覧や検索をご利用ください。',
    toReports: SHELL_TEXTS.toReports,
  },
  common: {
    refresh: '再読み込み',
    edit: '編集',
    delete: '削除',
    save: '保存',
    cancel: 'キャンセル',
    confirmTitle: '削除の確認',
    confirmDelete: '削除する',
  },
  categories: {
    lead: 'レポートの入力項目とタグの分類に使うカテゴリです。名前の変更・追加・削除ができます。',
    listLabel: 'カテゴリ一覧',
    level: '階層',
    order: '表示順',
    systemBadge: '入力項目',
    systemHint: 'レポートの入力項目に使われています（削除はできません）',
    rename: '名前を変更',
    renameButtonLabel: (name: string) => `「${name}」の名前を変更`,
    renameLabel: (name: string) => `「${name}」の新しい名前`,
    renameHint: 'Enterで保存、Escでキャンセルします。',
    deleteLabel: (name: string) => `「${name}」を削除`,
    addHeading: 'カテゴリを追加',
    addLabel: '新しいカテゴリ名',
    add: '追加',
    empty: 'カテゴリはまだありません。',
    deleteConfirm: (name: string) => `カテゴリ「${name}」を削除しますか？このカテゴリのタグは「未分類」になります。`,
  },
  tags: {
    lead: 'タグはカテゴリごとに表示しています。レポートの入力欄や検索の絞り込みには、各カテゴリのタグが表示順に並びます。',
    newTag: '新しいタグ',
    addToCategory: (category: string) => `「${category}」にタグを追加`,
    unclassified: '未分類',
    count: (n: number) => `${n}件`,
    emptyGroup: 'このカテゴリにはタグがありません。',
    meta: (order: number, level: number, popularity: number) => `表示順 ${order}・階層 ${level}・人気度 ${popularity}`,
    parent: (name: string) => `親タグ: ${name}`,
    editLabel: (name: string) => `「${name}」を編集`,
    deleteLabel: (name: string) => `「${name}」を削除`,
    deleteConfirm: (name: string) => `タグ「${name}」を削除しますか？このタグを選んでいるレポートからも外れます。`,
    createTitle: 'タグを追加',
    editTitle: 'タグを編集',
    fields: {
      name: 'タグ名',
      order: '表示順',
      parent: '親タグ',
      level: '階層',
      category: 'カテゴリ',
      popularity: '人気度',
    },
    none: 'なし',
    noCategory: '未分類（カテゴリなし）',
    numberHint: `${LIMITS.taxonomyNumberMin}以上の整数`,
    levelHint: `${LIMITS.taxonomyLevelMin}以上の整数`,
  },
} as const;
