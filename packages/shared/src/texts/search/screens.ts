import { SHELL_TEXTS } from '../shell';

/**
 * TEXTS.search.screens: the /search-results screen; its alerts are TEXTS.search, its sort labels
 * TEXTS.report.list's (the same words as on /reports).
 */
export const SEARCH_TEXTS = {
  heading: (query: string) => `「${query}」の検索結果`,
  headingAll: 'レポートを探す',
  queryLabel: 'キーワード',
  placeholder: SHELL_TEXTS.search.placeholder,
  submit: '検索',
  panel: '絞り込みと並び替え',
  activeFilters: (n: number) => `${n}件の条件で絞り込み中`,
  any: 'すべて',
  clearFilters: '条件をクリア',
  total: (n: number) => `${n}件のレポート`,
  loadMore: 'もっと見る',
  resultsLabel: '検索結果の一覧',
  tagsFailed: '絞り込みの選択肢を読み込めませんでした。キーワードと並び順で検索できます。',
} as const;
