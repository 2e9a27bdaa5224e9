import type { Models, User } from '../../src/models';
import { seedTaxonomy } from '../../src/seed/taxonomy';
import type { HttpClient } from './httpClient';
import { signedInMember } from './session';
import { startTestApp, type TestApp } from './testApp';

export interface OperatorTestApp {
  app: TestApp;
  models: Models;
  member: { client: HttpClient; user: User };
  operator: { client: HttpClient; user: User };
}

/**
 * The set-up of the operators' curation tests (categories, tags): the app with the built-in taxonomy, a
 * signed-in member and a signed-in operator. Rate limits are raised because one client sends every call.
 */
export async function startOperatorTestApp(): Promise<OperatorTestApp> {
  const app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
  const models = app.services.models;
  await seedTaxonomy(models);
  return { app, models, member: await signedInMember(app.baseUrl), operator: await signedInMember(app.baseUrl, { role: 'operator' }) };
}
