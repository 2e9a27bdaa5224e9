import type { ReportListItem } from '@hiraku/shared';
import { mergeReports } from './mergeReports';

const item = (id: number, likeCount = 0): ReportListItem => ({
  _id: id,
  title: `レポート${id}`,
  description: '',
  thumbnailUrl: null,
  image: null,
  warnings: [],
  warningOther: null,
  likeCount,
  createdAt: '2025-01-01T00:00:00.000Z',
  authorData: { username: '縄子', iconUrl: null, publicId: 'p1' },
});

describe('mergeReports', () => {
  it('appends new reports and keeps one copy of a report sent twice, in its first place with the newer data', () => {
    const merged = mergeReports([item(1), item(2)], [item(2, 5), item(3)]);
    expect(merged.map((r) => r._id)).toEqual([1, 2, 3]);
    expect(merged[1]?.likeCount).toBe(5);
  });

  it('drops duplicates inside one page too', () => {
    expect(mergeReports([], [item(1), item(1), item(2)]).map((r) => r._id)).toEqual([1, 2]);
  });
});
