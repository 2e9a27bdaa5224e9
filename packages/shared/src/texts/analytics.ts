import { ANALYTICS_LIMITS } from '../analytics';

/** TEXTS.analytics: what the analytics calls (the browser's batches, the operators' report) answer with. */
export const ANALYTICS_MESSAGES = {
  badBatch: '送信されたアクセス記録の形式が正しくありません。',
  unknownEvent: '記録できないイベントです。',
  badPath: 'ページのパスが正しくありません。',
  badVisitorKey: '訪問者キーの形式が正しくありません。',
  badRange: '期間は YYYY-MM-DD 形式で、開始日を終了日以前にしてください。',
  rangeTooLong: `一度に表示できる期間は${ANALYTICS_LIMITS.dailyRangeMaxDays}日までです。`,
} as const;
