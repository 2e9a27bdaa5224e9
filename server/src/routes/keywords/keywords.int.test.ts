import { FALLBACK_POPULAR_KEYWORDS, type PopularKeywordsResponse } from '@hiraku/shared';
import { createHttpClient } from '../../../test/support/httpClient';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { seedTaxonomy } from '../../seed/taxonomy';

describe('GET /api/keywords/popular', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    await seedTaxonomy(app.services.models);
  });
  afterAll(() => app?.close());

  const searchAs = async (query: string, members: number) => {
    for (let i = 0; i < members; i += 1) {
      const { client } = await signedInMember(app.baseUrl);
      const res = await client.get(`/api/reports/search/advanced?${new URLSearchParams({ query })}`);
      expect(res.status).toBe(200);
    }
  };
  const popular = () => createHttpClient(app.baseUrl).get<PopularKeywordsResponse>('/api/keywords/popular');

  it('offers what three members searched, not what two did, to anyone, and keeps the list for a minute', async () => {
    await searchAs('亀甲縛り', 3);
    await searchAs('ペニバン', 2);

    const first = await popular();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    expect(first.body.keywords[0]).toBe('亀甲縛り');
    expect(first.body.keywords).not.toContain('ペニバン');
    // Too few words of its own: docs/product.md's words fill the block.
    expect(first.body.keywords).toEqual(['亀甲縛り', ...FALLBACK_POPULAR_KEYWORDS.slice(0, 5)]);

    // A third member now: the cached list is still served.
    await searchAs('ペニバン', 1);
    expect((await popular()).body).toEqual(first.body);
  });
});
