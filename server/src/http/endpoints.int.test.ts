import { ENDPOINT_KEYS, ENDPOINTS, TEXTS, type EndpointKey } from '@hiraku/shared';
import { createAdmin, createOperator } from '../../test/factories';
import { createHttpClient, type HttpClient } from '../../test/support/httpClient';
import { logIn, signedInMember, TEST_PASSWORD } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { hashPassword } from '../auth/password';
import { apiRouter } from '../routes';

/** A concrete URL for a declared path: every parameter becomes an id that exists nowhere. */
const urlOf = (key: EndpointKey) => ENDPOINTS[key].path.replace(/:[A-Za-z0-9_]+/g, '999999');

const byAccess = (access: 'member' | 'operator' | 'admin') => ENDPOINT_KEYS.filter((key) => ENDPOINTS[key].access === access);

describe('the endpoint map is what the server serves', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000' } });
  });
  afterAll(() => app.close());

  it('mounts every declared endpoint once, with its method and path, and nothing else but the JSON 404', () => {
    const router = apiRouter(app.services);
    const mounted = router.stack
      .filter((layer) => layer.path !== '/api/{*rest}')
      .map((layer) => `${layer.name} ${layer.methods.filter((m) => m !== 'HEAD').join(',')} ${layer.path}`);
    const declared = ENDPOINT_KEYS.map((key) => `${key} ${ENDPOINTS[key].method} ${ENDPOINTS[key].path}`);
    expect([...mounted].sort()).toEqual([...declared].sort());
  });

  it('refuses anonymous callers of every member, operator and admin endpoint with 401', async () => {
    const anonymous = createHttpClient(app.baseUrl);
    const keys = [...byAccess('member'), ...byAccess('operator'), ...byAccess('admin')];
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const res = await anonymous.request(ENDPOINTS[key].method, urlOf(key));
      expect({ key, status: res.status, body: res.body }).toEqual({
        key,
        status: 401,
        body: { error: 'authentication_required', message: TEXTS.common.unauthorized },
      });
    }
  });

  it('refuses members calling an operator endpoint with 403, and lets operators through', async () => {
    const { client: member } = await signedInMember(app.baseUrl);
    const keys = byAccess('operator');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const res = await member.request(ENDPOINTS[key].method, urlOf(key));
      expect({ key, status: res.status, body: res.body }).toEqual({
        key,
        status: 403,
        body: { error: 'authorization_error', message: TEXTS.common.operatorsOnly },
      });
    }
    const operatorUser = await createOperator({ passwordHash: await hashPassword(TEST_PASSWORD) });
    const operator: HttpClient = createHttpClient(app.baseUrl);
    await logIn(operator, operatorUser.email, TEST_PASSWORD);
    for (const key of keys) {
      const res = await operator.request(ENDPOINTS[key].method, urlOf(key));
      expect({ key, status: res.status }).not.toEqual({ key, status: 403 });
      expect({ key, status: res.status }).not.toEqual({ key, status: 401 });
    }
  });

  it('refuses members and operators calling an admin endpoint with 403 in Japanese, and lets admins through (issue 38)', async () => {
    const keys = byAccess('admin');
    expect(keys).toContain('disclosure.records');
    const { client: member } = await signedInMember(app.baseUrl);
    const operator = createHttpClient(app.baseUrl);
    const operatorUser = await createOperator({ passwordHash: await hashPassword(TEST_PASSWORD) });
    await logIn(operator, operatorUser.email, TEST_PASSWORD);
    for (const key of keys) {
      expect({ key, body: (await member.request(ENDPOINTS[key].method, urlOf(key))).body }).toEqual({ key, body: { error: 'authorization_error', message: TEXTS.common.operatorsOnly } });
      expect({ key, body: (await operator.request(ENDPOINTS[key].method, urlOf(key))).body }).toEqual({ key, body: { error: 'authorization_error', message: TEXTS.common.adminsOnly } });
    }
    const adminUser = await createAdmin({ passwordHash: await hashPassword(TEST_PASSWORD) });
    const admin = createHttpClient(app.baseUrl);
    await logIn(admin, adminUser.email, TEST_PASSWORD);
    for (const key of [...keys, ...byAccess('operator')]) {
      const res = await admin.request(ENDPOINTS[key].method, urlOf(key));
      expect({ key, status: res.status }).not.toEqual({ key, status: 403 });
      expect({ key, status: res.status }).not.toEqual({ key, status: 401 });
    }
  });
});
