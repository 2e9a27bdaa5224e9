import { comparePaths, ENDPOINT_KEYS, ENDPOINT_ROUTES, ENDPOINTS, endpointErrors, endpointPath, ENDPOINTS_IN_MATCH_ORDER, matchEndpoint } from './index';

describe('endpoint map', () => {
  it('declares every route of ENDPOINT_ROUTES under its own key, and nothing else', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual([...ENDPOINT_KEYS].sort());
    for (const key of ENDPOINT_KEYS) expect(`${ENDPOINTS[key].method} ${ENDPOINTS[key].path}`).toBe(ENDPOINT_ROUTES[key]);
    for (const key of ENDPOINT_KEYS) expect(ENDPOINTS[key].key).toBe(key);
  });

  it('declares each method and path once, under /api', () => {
    const routes = ENDPOINT_KEYS.map((key) => `${ENDPOINTS[key].method} ${ENDPOINTS[key].path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const key of ENDPOINT_KEYS) expect(ENDPOINTS[key].path).toMatch(/^\/api\/[a-z]/);
  });

  it('finds every endpoint from a concrete URL, a fixed segment winning over a parameter', () => {
    for (const key of ENDPOINT_KEYS) {
      const url = endpointPath(key, new Proxy({}, { get: () => '42' }) as Record<string, string>);
      expect(matchEndpoint(ENDPOINTS[key].method, url)?.key).toBe(key);
    }
    expect(matchEndpoint('GET', '/api/reports/my-reports')?.key).toBe('reports.mine');
    expect(matchEndpoint('GET', '/api/reports/search/advanced')?.key).toBe('search.reports');
    expect(matchEndpoint('GET', '/api/likes/report-counts')?.key).toBe('likes.counts');
    expect(matchEndpoint('get', '/api/reports/12')).toEqual({ key: 'reports.get', params: { id: '12' } });
    expect(matchEndpoint('PATCH', '/api/reports/12')).toBeNull();
    expect(matchEndpoint('GET', '/api/reports/12/extra')).toBeNull();
    expect(matchEndpoint('GET', '/api/nothing-here')).toBeNull();
  });

  it('orders fixed segments before parameters whatever the declaration order', () => {
    expect(comparePaths('/api/reports/:id', '/api/reports/my-reports')).toBeGreaterThan(0);
    expect(comparePaths('/api/likes/report-counts', '/api/likes/:reportId')).toBeLessThan(0);
    const order = ENDPOINTS_IN_MATCH_ORDER.map((key) => ENDPOINTS[key].path);
    expect(order.indexOf('/api/reports/my-reports')).toBeLessThan(order.indexOf('/api/reports/:id'));
  });

  it('encodes path parameters', () => {
    expect(endpointPath('reports.get', { id: 'a/b' })).toBe('/api/reports/a%2Fb');
    expect(endpointPath('likes.toggle', { reportId: 7 })).toBe('/api/likes/7/toggle');
  });

  it('lists the errors a declaration implies', () => {
    expect(endpointErrors(ENDPOINTS['categories.update'])).toEqual(
      expect.arrayContaining(['validation_error', 'not_found', 'authentication_required', 'authorization_error', 'csrf_error', 'conflict']),
    );
    expect(endpointErrors(ENDPOINTS['likes.toggle'])).toContain('rate_limited');
    expect(endpointErrors(ENDPOINTS['tags.list'])).not.toContain('authentication_required');
  });
});
