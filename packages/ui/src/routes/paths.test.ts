import { LIMITS } from '@hiraku/shared';
import { editReportPath, publicProfilePath, reportPath, searchResultsPath } from './paths';

describe('searchResultsPath', () => {
  it('percent-encodes the words, spaces as %20', () => {
    expect(searchResultsPath('縄')).toBe('/search-results?query=%E7%B8%84');
    expect(searchResultsPath('首輪 & 鎖')).toBe('/search-results?query=%E9%A6%96%E8%BC%AA%20%26%20%E9%8E%96');
  });

  it('trims, and gives nothing to search for blank input', () => {
    expect(searchResultsPath('  SM  ')).toBe('/search-results?query=SM');
    expect(searchResultsPath(' \u3000 ')).toBeNull();
  });

  it('keeps at most the query limit, counting characters rather than UTF-16 units', () => {
    const path = searchResultsPath('😀'.repeat(LIMITS.searchQueryMax + 5));
    const query = decodeURIComponent(path?.split('query=')[1] ?? '');
    expect(Array.from(query)).toHaveLength(LIMITS.searchQueryMax);
  });
});

describe('id paths', () => {
  it('escape ids so a strange id cannot change the route', () => {
    expect(reportPath('12')).toBe('/reports/12');
    expect(editReportPath('a/b')).toBe('/edit-report/a%2Fb');
    expect(publicProfilePath('user?x')).toBe('/profile/user%3Fx');
  });
});
