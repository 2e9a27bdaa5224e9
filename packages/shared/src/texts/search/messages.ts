import { LIMITS } from '../../limits';

/** TEXTS.search: what the search and popular-keyword calls answer with, and the results page's alerts. */
export const SEARCH_MESSAGES = {
  queryInvalid: '検索ワードを正しく入力してください。',
  queryTooLong: `検索ワードは${LIMITS.searchQueryMax}文字以内で入力してください。`,
  filterInvalid: '絞り込みの条件が正しくありません。条件を選び直してください。',
  sortInvalid: '並び順の指定が正しくありません。「新しい順」「古い順」「いいね順」から選んでください。',
  limitInvalid: '一度に表示する件数の指定が正しくありません。',
  pagingInvalid: '読み込み位置の指定が正しくありません。検索をやり直してください。',
  fetchFailed: '検索結果の取得に失敗しました。',
  noResults: '条件に合うレポートは見つかりませんでした。',
  /** The database answers while the search engine is down, from the newest reports only or after a time limit. */
  limited: '現在、検索機能が制限されています。新しいレポートの一部から探した結果を表示しています。しばらくしてからもう一度お試しください。',
} as const;
