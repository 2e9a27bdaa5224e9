import fc from 'fast-check';
import { COOKIE_NAMES, ENDPOINT_KEYS, ENDPOINTS, endpointErrors, ERROR_CODES, XSRF_HEADER, type EndpointDefinition, type EndpointKey } from '@hiraku/shared';
import { seedTaxonomy } from '../../src/seed/taxonomy';
import { createCategory, createReport, createTag, createUser } from '../factories';
import type { HttpClient } from '../support/httpClient';
import { answerText, createHttpClient } from '../support/httpClient';
import { plainPng } from '../support/images';
import { memberWithSession } from '../support/session';
import { countRowWrites, REFUSALS_THAT_WRITE, snapshotChanges, tableSnapshot, type TableSnapshot } from '../support/tableSnapshot';
import { startTestApp, type TestApp } from '../support/testApp';
import { answerScanner, prepareForScanning, type AnswerScanner } from './scanning';
import { bodyInit, describeRequest, requestsFor, type FuzzRequest, type SampleFiles } from './fuzz/requests';
import type { Pools } from './fuzz/inputs';

/**
 * Property-based fuzzing of every declared endpoint (issue 12): requests generated from each endpoint's
 * declaration (path parameters, query and body schemas) by anonymous callers, members and operators.
 * Whatever comes in: never a 5xx, every 4xx a known error id with a Japanese message, a refused request
 * changes no row (every row write is counted, before and after each request), and no answer shows
 * what it must not (support/responseScan.ts).
 *
 * Deterministic: the seed is fixed (FUZZ_SEED overrides it) and printed; each endpoint runs its own
 * stream of that seed, so a finding names the seed and the endpoint to replay it.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
/** Runs per endpoint that takes input (path parameters, query or body), and per endpoint that takes none. */
const RUNS_WITH_INPUT = 104;
const RUNS_WITHOUT_INPUT = 16;
const MIN_REQUESTS = 5_000;

type Caller = 'anonymous' | 'member' | 'operator';
const CALLERS: readonly Caller[] = ['anonymous', 'member', 'operator'];

/** Errors any endpoint may answer before its own checks run: a body that cannot be read at all. */
const TRANSPORT_ERRORS = new Set(['validation_error', 'payload_too_large', 'unsupported_media']);
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

const figures = {
  started: 0,
  requests: 0,
  serverErrors: 0,
  refused: 0,
  accepted: 0,
  byStatus: new Map<number, number>(),
  byLabel: new Map<string, number>(),
  byCaller: new Map<Caller, number>(),
};
const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

let app: TestApp;
let files: SampleFiles;

beforeAll(async () => {
  // No mail worker: queued mail stays put, so every table holds still between two requests.
  app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000' }, deliverMail: false });
  await prepareForScanning(app);
  await seedTaxonomy(app.services.models);
  await countRowWrites(app.services);
  files = { png: new Uint8Array(await plainPng(40, 30)) };
  console.info(`fuzz: seed ${SEED} (set FUZZ_SEED to replay another)`);
  figures.started = performance.now();
});

afterAll(async () => {
  await app.close();
  const sorted = (map: Map<string | number, number>) => JSON.stringify(Object.fromEntries([...map].sort(([a], [b]) => String(a).localeCompare(String(b)))));
  // The figures SECURITY.md quotes.
  console.info(
    `fuzz: ${figures.requests} requests, ${figures.serverErrors} 5xx, ${figures.refused} refused (4xx), ${figures.accepted} accepted (2xx); ` +
      `by status ${sorted(figures.byStatus)}; by input ${sorted(figures.byLabel)}; by caller ${sorted(figures.byCaller)}; ${Math.round((performance.now() - figures.started) / 1000)} s`,
  );
});

interface World {
  clients: Record<Caller, HttpClient>;
  emails: Partial<Record<Caller, string>>;
  pools: Pools;
  scanner: AnswerScanner;
}

/**
 * Fresh callers and things for one endpoint, so that what one endpoint's requests did (a logout, a
 * suspension, a deleted report) cannot make another's meaningless. The pools hold the ids and public ids
 * of these things, so plausible inputs meet real rows: the member's own report, someone else's, a draft,
 * comments, a tag and its category, an enquiry.
 */
async function newWorld(): Promise<World> {
  const { client: member, user: memberUser } = await memberWithSession(app);
  const { client: operator, user: operatorUser } = await memberWithSession(app, { role: 'operator' });
  const anonymous = createHttpClient(app.baseUrl);
  const other = await createUser();
  const own = await createReport({ author: memberUser });
  const draft = await createReport({ author: memberUser, isDraft: true });
  const others = await createReport({ author: other });
  const { Comment, ContactEnquiry } = app.services.models;
  const comment = await Comment.create({ reportId: others.id, authorId: other.id, text: 'とても参考になりました。' });
  const ownComment = await Comment.create({ reportId: others.id, authorId: memberUser.id, text: 'ありがとうございます。' });
  const category = await createCategory();
  const tag = await createTag({ category });
  const enquiry = await ContactEnquiry.create({ category: 'other', content: '問い合わせの本文です。', email: 'visitor@example.net' });
  // Every client holds its anti-forgery cookie, so the token is never what refuses a generated request.
  for (const client of [member, operator, anonymous]) await client.get('/api/auth/me');
  const clients = { anonymous, member, operator };
  return {
    clients,
    scanner: answerScanner(app, () => Object.values(clients)),
    emails: { member: memberUser.email, operator: operatorUser.email },
    pools: {
      ids: [own.id, draft.id, others.id, comment.id, ownComment.id, category.id, tag.id, enquiry.id, 1, 2],
      publicIds: [other.publicId, memberUser.publicId, operatorUser.publicId, 'nobody000000'],
    },
  };
}

/** Sends a generated request as `client` (its cookies and anti-forgery token), answer as text and JSON. */
async function send(client: HttpClient, request: FuzzRequest): Promise<{ status: number; text: string; json: unknown; type: string }> {
  const url = new URL(request.path, app.baseUrl);
  const { body, contentType } = bodyInit(request.body);
  const headers: Record<string, string> = { accept: 'application/json', [XSRF_HEADER]: client.cookie(COOKIE_NAMES.xsrf) ?? '' };
  const cookie = client.cookieHeader(url.pathname);
  if (cookie) headers.cookie = cookie;
  if (contentType !== undefined) headers['content-type'] = contentType;
  const attempt = () => fetch(url, { method: request.method, headers, body, redirect: 'manual' });
  // A kept-alive connection the server closed just as it was reused fails before anything was sent: once
  // more on a new connection. A request that kills its connection every time still ends up a finding.
  const res = await attempt()
    .catch(attempt)
    .catch((error: unknown) => {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(`no answer (${cause?.code ?? cause?.message ?? String(error)}) to ${describeRequest(request)}`);
    });
  const text = await answerText(res);
  const type = res.headers.get('content-type') ?? '';
  let json: unknown = undefined;
  if (type.includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: res.status, text, json, type };
}

/** What is wrong with one answer; empty when it keeps every promise. */
async function findingsOf(
  key: EndpointKey,
  definition: EndpointDefinition,
  answer: Awaited<ReturnType<typeof send>>,
  changed: string[],
  world: World,
  caller: Caller,
): Promise<string[]> {
  const findings: string[] = [];
  const { status, json } = answer;
  if (status >= 500) findings.push(`answered ${status}`);
  else if (status < 200 || (status >= 300 && status < 400)) findings.push(`answered ${status}`);
  if (status >= 400) {
    const body = json as { error?: unknown; message?: unknown } | undefined;
    if (typeof body?.message !== 'string' || !JAPANESE.test(body.message)) findings.push(`a ${status} without a Japanese message: ${answer.text.slice(0, 200)}`);
    const error = String(body?.error);
    if (!(ERROR_CODES as readonly string[]).includes(error)) findings.push(`a ${status} with an unknown error id ${error}`);
    else if (!endpointErrors(definition).includes(error as never) && !TRANSPORT_ERRORS.has(error)) findings.push(`a ${status} ${error}, which ${key} does not declare`);
    if (changed.length > 0) findings.push(`a refused request changed ${changed.join('; ')}`);
  }
  const leaks = await world.scanner.scan(answer.text, json, world.emails[caller]);
  findings.push(...leaks.map((leak) => `the answer shows ${leak}`));
  return findings;
}

function seedFor(key: EndpointKey): number {
  let hash = SEED | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

const takesInput = (definition: EndpointDefinition) => Boolean(definition.params || definition.query || definition.body);

describe('fuzzing every declared endpoint', () => {
  it.each(ENDPOINT_KEYS.map((key) => [key]))('%s: no 5xx, Japanese 4xx, refused requests change nothing, nothing leaks', async (key) => {
    const definition: EndpointDefinition = ENDPOINTS[key];
    const world = await newWorld();
    let last: TableSnapshot = await tableSnapshot(app.services);
    const property = fc.asyncProperty(fc.constantFrom(...CALLERS), requestsFor(definition, world.pools, files), async (caller, request) => {
      const answer = await send(world.clients[caller], request);
      const now = await tableSnapshot(app.services);
      const changed = answer.status >= 400 ? snapshotChanges(last, now, REFUSALS_THAT_WRITE[key]) : [];
      last = now;
      if (answer.status < 400) world.scanner.changed();
      figures.requests += 1;
      count(figures.byStatus, answer.status);
      count(figures.byLabel, request.label);
      count(figures.byCaller, caller);
      if (answer.status >= 500) figures.serverErrors += 1;
      else if (answer.status >= 400) figures.refused += 1;
      else figures.accepted += 1;
      const findings = await findingsOf(key, definition, answer, changed, world, caller);
      if (findings.length > 0) throw new Error(`${key} as ${caller}: ${findings.join(' | ')}\n  request: ${describeRequest(request)}\n  answer: ${answer.status} ${answer.text.slice(0, 400)}`);
    });
    // fc.check rather than fc.assert: a counterexample can hold a 100,000-character string, and the
    // request's own description (in the error) already says what was sent, cut to a readable length.
    const seed = seedFor(key);
    const result = await fc.check(property, { seed, numRuns: takesInput(definition) ? RUNS_WITH_INPUT : RUNS_WITHOUT_INPUT, endOnFailure: true });
    if (result.failed) {
      const cause = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      throw new Error(`fuzz finding (seed ${seed}, path ${result.counterexamplePath ?? '?'}, after ${result.numRuns} runs):\n${cause}`);
    }
  });

  it(`sent at least ${MIN_REQUESTS} generated requests, none answered 5xx`, () => {
    expect(figures.requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
    expect(figures.serverErrors).toBe(0);
  });
});
