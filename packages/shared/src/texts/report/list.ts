import { COMMON_TEXTS } from '../common';
import type { SortOption } from '../../limits';

/** TEXTS.report.list: the /reports feed, its search box, sort and keywords, and its notices. */
export const REPORT_LIST_TEXTS = {
  heading: 'レポート一覧',
  searchLabel: 'レポートをキーワードで探す',
  searchPlaceholder: '例：縄、首輪、スパンキング',
  searchButton: '検索',
  sortLabel: '並び順',
  sortOptions: { new: '新しい順', old: '古い順', like: 'いいね順' } satisfies Record<SortOption, string>,
  sortReset: '並び順をリセット',
  popularKeywords: '人気のキーワード',
  popularKeywordSearch: (word: string) => `「${word}」で検索`,
  cards: 'レポート',
  empty: 'まだ公開されているレポートはありません。',
  retry: COMMON_TEXTS.retry,
  loadMore: COMMON_TEXTS.loadMore,
  fetchFailed: 'レポートの取得に失敗しました',
  allLoaded: 'すべてのレポートを読み込みました',
} as const;
