import { TEXTS } from '@hiraku/shared';
import { createHttpClient } from '../../../test/support/httpClient';
import { logIn, signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';

describe('POST /api/tutorial/complete', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000' } });
  });
  afterAll(() => app.close());

  it('needs a logged-in member', async () => {
    const res = await createHttpClient(app.baseUrl).post('/api/tutorial/complete');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'authentication_required', message: TEXTS.common.unauthorized });
  });

  it('clears the tutorial flag, which later sessions and logins see', async () => {
    const { client, user } = await signedInMember(app.baseUrl, { tutorialPending: true });
    expect((await client.get('/api/auth/me')).body).toMatchObject({ tutorial: true });

    const res = await client.post('/api/tutorial/complete');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: TEXTS.account.tutorialCompleted });

    expect((await client.get('/api/auth/me')).body).toMatchObject({ tutorial: false });
    const fresh = createHttpClient(app.baseUrl);
    expect(await logIn(fresh, user.email, user.password)).toMatchObject({ tutorial: false });
    // Completing twice is harmless.
    expect((await client.post('/api/tutorial/complete')).status).toBe(200);
  });
});
