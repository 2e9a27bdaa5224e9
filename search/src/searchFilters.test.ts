import { buildReportFilter, parsePositiveId, type ReportSearchFilters } from './searchFilters';
import { SearchInputError } from './searchInputError';

describe('buildReportFilter', () => {
  it('turns every given filter into one clause on its attribute', () => {
    expect(
      buildReportFilter({ gender: 1, sexualOrientation: '2', role: 3, playCategory: 4, playContent: '5', authorId: 6 }),
    ).toEqual(['gender = 1', 'sexualOrientation = 2', 'role = 3', 'playCategories = 4', 'playContents = 5', 'authorId = 6']);
  });

  it('leaves out filters that were not chosen', () => {
    expect(buildReportFilter({ gender: undefined, role: null, playCategory: '', authorId: 9 })).toEqual(['authorId = 9']);
    expect(buildReportFilter()).toEqual([]);
  });

  it.each([
    '1 OR authorId != 0',
    '1 OR gender EXISTS',
    '"\'',
    '1"',
    "1'",
    '1)',
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    '1 ',
    '０１',
    '９',
    '99999999999999999999',
    0,
    -3,
    2.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    2 ** 60,
  ])('refuses %p before it can reach Meilisearch', (value) => {
    expect(() => buildReportFilter({ gender: value as never })).toThrow(SearchInputError);
  });

  it.each([[[1]], [{ toString: () => '1' }], [true]])('refuses non-scalar values like %p', (value) => {
    expect(() => buildReportFilter({ playContent: value as never })).toThrow(SearchInputError);
  });

  it('refuses filter names it does not know instead of ignoring them', () => {
    const filters = { gender: 1, 'authorId = 1 OR id': 2 } as unknown as ReportSearchFilters;
    const error = (() => {
      try {
        buildReportFilter(filters);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(SearchInputError);
    expect(error).toMatchObject({ code: 'validation_error', field: 'authorId = 1 OR id', publicMessage: '入力内容に誤りがあります。' });
  });
});

describe('parsePositiveId', () => {
  it('accepts numbers and decimal strings up to the largest safe integer', () => {
    expect(parsePositiveId('id', 42)).toBe(42);
    expect(parsePositiveId('id', '42')).toBe(42);
    expect(parsePositiveId('id', String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('treats empty values as errors (an id list must not contain holes)', () => {
    expect(() => parsePositiveId('id', undefined)).toThrow(SearchInputError);
    expect(() => parsePositiveId('id', null)).toThrow(SearchInputError);
    expect(() => parsePositiveId('id', '')).toThrow(SearchInputError);
  });
});
