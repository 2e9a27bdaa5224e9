import { FALLBACK_POPULAR_KEYWORDS, POPULAR_KEYWORDS_MAX } from '@hiraku/shared';
import { mixPopularKeywords } from './popularKeywords';

describe('mixPopularKeywords', () => {
  it('takes searched words and tags in turn, each once', () => {
    const mixed = mixPopularKeywords({ queries: ['縄', 'sm', '目隠し', 'ろうそく'], tags: ['縄', 'ＳＭ', 'スパンキング', '首輪'] });
    expect(mixed).toEqual(['縄', 'sm', '目隠し', 'スパンキング', 'ろうそく', '首輪']);
  });

  it('fills up with the fallback words when there are fewer than six', () => {
    expect(mixPopularKeywords({ queries: [], tags: [] })).toEqual([...FALLBACK_POPULAR_KEYWORDS]);
    expect(mixPopularKeywords({ queries: ['首輪'], tags: ['奴隷'] })).toEqual(['首輪', '奴隷', 'サディスト', 'スパンキング', '縄', 'オナニー']);
  });

  it(`stops at ${POPULAR_KEYWORDS_MAX}`, () => {
    const words = (prefix: string) => Array.from({ length: 20 }, (_, i) => `${prefix}${i}`);
    expect(mixPopularKeywords({ queries: words('q'), tags: words('t') })).toHaveLength(POPULAR_KEYWORDS_MAX);
  });
});
