import http from 'node:http';
import net from 'node:net';
import { TEXTS } from '@hiraku/shared';
import Koa, { type Context } from 'koa';
import { createUser } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { AppError } from '../errors';
import { endpointHandlers, type AllEndpointHandlers } from '../routes';
import { runEndpoint } from './endpoints';
import { readInProcess } from './inProcessRead';

/** A Koa context of no request: what a page written on the server hands the endpoints it reads. */
function bareContext(): Context {
  const request = new http.IncomingMessage(new net.Socket());
  return new Koa().createContext(request, new http.ServerResponse(request));
}

/** The API's answer an AppError stands for, or the error's message. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string; message: string } | string> {
  try {
    await call;
  } catch (error) {
    return error instanceof AppError ? { status: error.status, code: error.code, message: error.message } : String((error as Error).message);
  }
  throw new Error('the call was not refused');
}

/**
 * One pipeline for HTTP and in-process reads: `runEndpoint` checks access, the second factor, the input
 * and the answer as a request over HTTP is checked, so a page the server writes can never hold what the
 * member's own request would be refused.
 */
describe('runEndpoint', () => {
  let app: TestApp;
  let handlers: AllEndpointHandlers;

  beforeAll(async () => {
    app = await startTestApp({ deliverMail: false });
    handlers = endpointHandlers(app.services);
  });
  afterAll(() => app?.close());

  it("refuses as the API does: no member, a member on an operators' endpoint, an operator without a second factor, a query off its schema", async () => {
    const member = await createUser();
    const operatorWithoutCode = await createUser({ role: 'operator', totpEnabledAt: null, totpSecret: null });
    const run = (key: 'notifications.unreadCount' | 'moderation.cases', user: typeof member | null, query: Record<string, unknown> = {}) =>
      runEndpoint(app.services, handlers, key, { query, user, ctx: bareContext() });

    expect(await refusal(run('notifications.unreadCount', null))).toEqual({ status: 401, code: 'authentication_required', message: TEXTS.common.unauthorized });
    expect(await refusal(run('moderation.cases', member))).toEqual({ status: 403, code: 'authorization_error', message: TEXTS.common.operatorsOnly });
    expect(await refusal(run('moderation.cases', operatorWithoutCode))).toEqual({ status: 403, code: 'two_factor_required', message: TEXTS.security.operatorNeedsTwoFactor });
    const operator = await createUser({ role: 'operator' });
    expect(await refusal(run('moderation.cases', operator, { status: 'somewhere' }))).toMatchObject({ status: 400, code: 'validation_error' });

    expect(await run('notifications.unreadCount', member)).toEqual({ count: 0 });
    expect(await run('moderation.cases', operator)).toEqual(expect.objectContaining({ items: expect.any(Array) }));
  });

  it('checks the answer against its declaration outside production', async () => {
    const member = await createUser();
    const drifting = { ...handlers, 'notifications.unreadCount': () => ({ count: 'many' }) } as unknown as AllEndpointHandlers;
    expect(await refusal(runEndpoint(app.services, drifting, 'notifications.unreadCount', { query: {}, user: member, ctx: bareContext() }))).toMatch(
      /response of notifications.unreadCount breaks its declaration/,
    );
  });

  it('gives a page written on the server what the member may read, and nothing else', async () => {
    const member = await createUser();
    const operator = await createUser({ role: 'operator' });
    const read = (user: typeof member, url: string) => readInProcess(app.services, handlers, bareContext(), user, url);
    expect(await read(member, '/api/notifications/unread-count')).toEqual({ count: 0 });
    expect(await read(member, '/api/moderation/cases')).toBeUndefined();
    expect(await read(operator, '/api/moderation/cases')).toEqual(expect.objectContaining({ items: expect.any(Array) }));
    expect(await read(operator, '/api/moderation/cases?status=somewhere')).toBeUndefined();
  });
});
