import { withoutTrailingSlash } from './webBuild';

describe('withoutTrailingSlash', () => {
  it('drops trailing slashes but keeps the root', () => {
    expect(withoutTrailingSlash('/reports/')).toBe('/reports');
    expect(withoutTrailingSlash('/reports//')).toBe('/reports');
    expect(withoutTrailingSlash('/reports')).toBe('/reports');
    expect(withoutTrailingSlash('/')).toBe('/');
  });
});
