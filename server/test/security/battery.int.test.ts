import { COOKIE_NAMES, ENDPOINT_KEYS, ENDPOINTS, TEXTS, reportFormEntries, XSRF_HEADER, type EndpointDefinition, type EndpointKey } from '@hiraku/shared';
import { createAutosave } from '../../src/commands/reportAutosaves';
import { writeTransaction } from '../../src/db/transaction';
import { seedTaxonomy } from '../../src/seed/taxonomy';
import { createCategory, createReport, createTag, createUser } from '../factories';
import { createHttpClient, type HttpClient, type HttpResponse } from '../support/httpClient';
import { publishableForm, systemTags, type SystemTags } from '../support/reports';
import { memberWithSession } from '../support/session';
import { countRowWrites, REFUSALS_THAT_WRITE, snapshotChanges, tableSnapshot } from '../support/tableSnapshot';
import { startTestApp, type TestApp } from '../support/testApp';
import { answerScanner, prepareForScanning, type AnswerScanner } from './scanning';

/**
 * The security battery (issue 12): every declared endpoint against every kind of caller, and every
 * state-changing endpoint against forged calls. A refused call must leave the database as it was.
 */

type Caller = 'anonymous' | 'owner' | 'other' | 'operator' | 'admin' | 'suspended';
const CALLERS: readonly Caller[] = ['anonymous', 'suspended', 'other', 'operator', 'admin', 'owner'];
/**
 * `ok`: past authorization (2xx, or a 4xx about the empty input or a missing thing, never 401/403);
 * `401`: not signed in (suspended members' sessions stop counting); `403`: signed in but not allowed
 * (and a suspended member's refresh, refused as suspended);
 * `deny`: someone else's thing, refused with 403 or hidden with 404.
 */
type Expect = 'ok' | '401' | '403' | 'deny';
type Row = Record<Caller, Expect>;

const PUBLIC: Row = { anonymous: 'ok', suspended: 'ok', other: 'ok', operator: 'ok', admin: 'ok', owner: 'ok' };
const MEMBER: Row = { anonymous: '401', suspended: '401', other: 'ok', operator: 'ok', admin: 'ok', owner: 'ok' };
/** Operators' endpoints admit admins too (issue 38). */
const OPERATOR: Row = { anonymous: '401', suspended: '401', other: '403', operator: 'ok', admin: 'ok', owner: '403' };
/** Admins only (issue 38): an operator is refused as a member is. */
const ADMIN: Row = { anonymous: '401', suspended: '401', other: '403', operator: '403', admin: 'ok', owner: '403' };
/** The owner's own report or comment: another member (and an operator, who uses moderation instead) is refused. */
const OWNED: Row = { anonymous: '401', suspended: '401', other: 'deny', operator: 'deny', admin: 'deny', owner: 'ok' };

/** One row per endpoint; the test fails when the map gains an endpoint without a row here. */
const MATRIX: Record<EndpointKey, Row> = {
  'health.check': PUBLIC,
  'reports.feed': MEMBER,
  'reports.mine': MEMBER,
  'reports.byMember': MEMBER,
  'reports.get': MEMBER,
  'reports.create': MEMBER,
  'reports.update': OWNED,
  'reports.remove': OWNED,
  'reports.image': MEMBER,
  'search.reports': MEMBER,
  'keywords.popular': PUBLIC,
  'likes.counts': MEMBER,
  'likes.get': MEMBER,
  'likes.toggle': MEMBER,
  'tags.list': PUBLIC,
  'tags.names': PUBLIC,
  'tags.updatePopularity': OPERATOR,
  'tags.create': OPERATOR,
  'tags.update': OPERATOR,
  'tags.remove': OPERATOR,
  'categories.list': PUBLIC,
  'categories.create': OPERATOR,
  'categories.update': OPERATOR,
  'categories.remove': OPERATOR,
  'contact.send': PUBLIC,
  'site.config': PUBLIC,
  'enquiries.list': OPERATOR,
  'enquiries.get': OPERATOR,
  'enquiries.setHandled': OPERATOR,
  'analytics.record': PUBLIC,
  'analytics.daily': OPERATOR,
  'moderation.hideReport': OPERATOR,
  'moderation.unhideReport': OPERATOR,
  'moderation.setImageLabel': OPERATOR,
  'moderation.suspendMember': OPERATOR,
  'moderation.unsuspendMember': OPERATOR,
  'moderation.changeRole': OPERATOR,
  'moderation.memberStage': OPERATOR,
  'moderation.members': OPERATOR,
  'moderation.auditLog': OPERATOR,
  'disclosure.records': ADMIN,
  'moderation.cases': OPERATOR,
  'moderation.caseCounts': OPERATOR,
  'moderation.claimCase': OPERATOR,
  'moderation.releaseCase': OPERATOR,
  'moderation.caseNote': OPERATOR,
  'moderation.escalateCase': OPERATOR,
  'moderation.withdrawEscalation': OPERATOR,
  'noticeTemplates.list': OPERATOR,
  'noticeTemplates.create': OPERATOR,
  'noticeTemplates.update': OPERATOR,
  'noticeTemplates.remove': OPERATOR,
  'noticeTemplates.preview': OPERATOR,
  'moderation.resolveCase': OPERATOR,
  'moderation.bulkResolveCases': OPERATOR,
  'moderation.memberHistory': OPERATOR,
  'flags.create': MEMBER,
  'decisions.get': MEMBER,
  'decisions.forTarget': MEMBER,
  'appeals.create': MEMBER,
  'auth.login': PUBLIC,
  'auth.logout': PUBLIC,
  'auth.refresh': { anonymous: '401', suspended: '403', other: 'ok', operator: 'ok', admin: 'ok', owner: 'ok' },
  'auth.me': MEMBER,
  'signup.create': PUBLIC,
  'signup.verifyEmail': PUBLIC,
  'signup.resendVerification': PUBLIC,
  'passwordReset.forgot': PUBLIC,
  'passwordReset.reset': PUBLIC,
  'tutorial.complete': MEMBER,
  'account.delete': MEMBER,
  'account.export': MEMBER,
  'profile.own': MEMBER,
  'profile.check': MEMBER,
  'profile.dashboardStats': MEMBER,
  'profile.save': MEMBER,
  'profile.deleteImage': MEMBER,
  'profile.public': MEMBER,
  'comments.list': MEMBER,
  'comments.create': MEMBER,
  'comments.remove': OWNED,
  'comments.report': MEMBER,
  'notifications.list': MEMBER,
  'notifications.unreadCount': MEMBER,
  'notifications.read': MEMBER,
  'notifications.stream': MEMBER,
  'notifications.settings': MEMBER,
  'notifications.saveSettings': MEMBER,
  'notifications.unsubscribe': PUBLIC,
  'announcements.create': OPERATOR,
  'blocks.list': MEMBER,
  'blocks.create': MEMBER,
  'blocks.remove': MEMBER,
  'mutes.list': MEMBER,
  'mutes.create': MEMBER,
  'mutes.remove': MEMBER,
  'mutedWords.list': MEMBER,
  'mutedWords.create': MEMBER,
  // Another member's muted word is not found: each member's words are their own.
  'mutedWords.remove': OWNED,
  'sensitiveImages.get': MEMBER,
  'sensitiveImages.update': MEMBER,
  'contentWarnings.settings': MEMBER,
  'contentWarnings.saveSettings': MEMBER,
  'contentWarnings.moderate': OPERATOR,
  // Its input is checked first (an empty body is 400); without the "password ok" cookie it is 401 (security.int.test.ts).
  'auth.loginCode': PUBLIC,
  'twoFactor.status': MEMBER,
  'twoFactor.setup': MEMBER,
  'twoFactor.enable': MEMBER,
  'twoFactor.disable': MEMBER,
  'sessions.list': MEMBER,
  'sessions.revoke': MEMBER,
  'sessions.revokeOthers': MEMBER,
  'passkeys.list': MEMBER,
  'passkeys.registerOptions': MEMBER,
  'passkeys.register': MEMBER,
  'passkeys.rename': MEMBER,
  'passkeys.remove': MEMBER,
  'passkeys.stepUp': MEMBER,
  'auth.passkeyOptions': PUBLIC,
  'auth.passkey': PUBLIC,
  'stepUp.confirm': MEMBER,
  'account.changePassword': MEMBER,
  'account.changeEmail': MEMBER,
  'account.confirmEmail': PUBLIC,
  'takedown.create': PUBLIC,
  'takedown.confirm': PUBLIC,
  'transparency.report': PUBLIC,
  // 保存 (issue 37): each member's own; another member's collection is not found.
  'saves.list': MEMBER,
  'saves.ids': MEMBER,
  'saves.search': MEMBER,
  'saves.add': MEMBER,
  'saves.remove': MEMBER,
  'collections.list': MEMBER,
  'collections.create': MEMBER,
  'collections.reorder': MEMBER,
  'collections.rename': OWNED,
  'collections.remove': OWNED,
  'collections.reports': OWNED,
  'collections.addReport': OWNED,
  'collections.removeReport': OWNED,
  'collections.reorderReports': OWNED,
  // The report being written (issue 39): each member's own; another member's is not found.
  'autosaves.list': MEMBER,
  'autosaves.create': MEMBER,
  'autosaves.get': OWNED,
  'autosaves.update': OWNED,
  'autosaves.remove': OWNED,
  // follows (issue 36): each member's own
  'follows.list': MEMBER,
  'follows.memberIds': MEMBER,
  'follows.topicIds': MEMBER,
  'follows.memberState': MEMBER,
  'follows.followMember': MEMBER,
  'follows.unfollowMember': MEMBER,
  'follows.followTag': MEMBER,
  'follows.unfollowTag': MEMBER,
  'follows.followCategory': MEMBER,
  'follows.unfollowCategory': MEMBER,
  'follows.settings': MEMBER,
  'follows.updateSettings': MEMBER,
  'follows.requests': MEMBER,
  'follows.approve': MEMBER,
  'follows.decline': MEMBER,
  'follows.followers': MEMBER,
};

/** The same valid body from every caller, so an owned thing's answer shows who may touch it, not a 400 for the input. */
const AUTOSAVE_VALUES = { title: '書きかけ', description: '', tips: '', duration: '', gender: null, sexualOrientation: null, role: null, isDraft: true, tools: [], play: [], playCategories: [], playContents: [] };
const VALID_BODIES: Partial<Record<EndpointKey, unknown>> = {
  'autosaves.update': { values: AUTOSAVE_VALUES },
  'collections.rename': { name: '縛りの参考（改）' },
  'collections.reorderReports': { reportIds: [] },
};

const definitionOf = (key: EndpointKey): EndpointDefinition => ENDPOINTS[key];

/** Figures for SECURITY.md: every request this file sends, every 5xx among them, every answer that leaked. */
const tally = { requests: 0, serverErrors: [] as string[], leaks: [] as string[] };

interface World {
  clients: Record<Caller, HttpClient>;
  /** Ids to put in the URL, so owned endpoints point at the owner's things and the rest at real rows. */
  params: Record<string, string>;
  emails: Partial<Record<Caller, string>>;
  scanner: AnswerScanner;
}

/** Fresh members and things for one endpoint, so a call that deletes or suspends cannot spoil the next. */
async function newWorld(app: TestApp): Promise<World> {
  const { client: owner, user: ownerUser } = await memberWithSession(app);
  const { client: other, user: otherUser } = await memberWithSession(app);
  const { client: operator, user: operatorUser } = await memberWithSession(app, { role: 'operator' });
  const { client: admin, user: adminUser } = await memberWithSession(app, { role: 'admin' });
  const { client: suspended, user: suspendedUser } = await memberWithSession(app);
  await suspendedUser.update({ suspendedAt: new Date() });
  const anonymous = createHttpClient(app.baseUrl);
  const target = await createUser();
  const report = await createReport({ author: ownerUser });
  const comment = await app.services.models.Comment.create({ reportId: report.id, authorId: ownerUser.id, text: 'ありがとうございました。' });
  const category = await createCategory();
  const tag = await createTag({ category });
  const mutedWord = await app.services.models.MutedWord.create({ userId: ownerUser.id, word: '縄', folded: '縄', pattern: '%縄%', expiresAt: null });
  const collection = await app.services.models.Collection.create({ userId: ownerUser.id, name: '縛りの参考', position: 0 });
  const autosave = await writeTransaction(app.services.sequelize, (transaction) => createAutosave(app.services.models, { userId: ownerUser.id, reportId: null, values: AUTOSAVE_VALUES }, { transaction }));
  const noticeTemplate = await app.services.models.NoticeTemplate.create({ name: '非表示の定型文', decision: 'hide', category: null, body: '{対象}は{理由}にあたるため非表示にしました。', updatedBy: null });
  const clients = { anonymous, owner, other, operator, admin, suspended };
  return {
    clients,
    emails: { owner: ownerUser.email, other: otherUser.email, operator: operatorUser.email, admin: adminUser.email, suspended: suspendedUser.email },
    scanner: answerScanner(app, () => Object.values(clients)),
    params: {
      reportId: String(report.id),
      commentId: String(comment.id),
      publicId: target.publicId,
      report: String(report.id),
      comment: String(comment.id),
      tag: String(tag.id),
      category: String(category.id),
      enquiry: '999999',
      caseId: '999999',
      mutedWord: String(mutedWord.id),
      session: '999999',
      passkey: '999999',
      collection: String(collection.id),
      autosave: String(autosave.id),
      noticeTemplate: String(noticeTemplate.id),
    },
  };
}

/** `:id` means the thing the endpoint's group is about; the other parameters are named for it. */
function urlOf(key: EndpointKey, params: Record<string, string>): string {
  const group = key.split('.')[0] ?? '';
  const idFor: Record<string, string> = { reports: 'report', comments: 'comment', tags: 'tag', categories: 'category', enquiries: 'enquiry', moderation: 'report', contentWarnings: 'report', mutedWords: 'mutedWord', sessions: 'session', passkeys: 'passkey', collections: 'collection', autosaves: 'autosave', follows: 'tag', noticeTemplates: 'noticeTemplate' };
  return ENDPOINTS[key].path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = name === 'id' ? params[idFor[group] ?? ''] : params[name];
    if (value === undefined) throw new Error(`no value for :${name} of ${key}`);
    return encodeURIComponent(value);
  });
}

/** Sends one call as `caller` and scans the answer for anything it must not show (support/responseScan.ts). */
async function call(world: World, caller: Caller, key: EndpointKey, url: string, headers?: Record<string, string>, xsrf = true): Promise<HttpResponse> {
  // A valid report form, so that only the ownership check is left to refuse an edit.
  const body = key === 'reports.update' ? reportForm() : VALID_BODIES[key];
  const res = await world.clients[caller].request(ENDPOINTS[key].method, url, { headers, xsrf, body });
  tally.requests += 1;
  if (res.status >= 500) tally.serverErrors.push(`${key} ${res.status}`);
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  if (res.status < 400) world.scanner.changed();
  for (const leak of await world.scanner.scan(text, res.body, world.emails[caller])) tally.leaks.push(`${key} as ${caller}: ${leak}`);
  return res;
}

function matches(expected: Expect, status: number): boolean {
  if (expected === 'ok') return status < 500 && status !== 401 && status !== 403;
  if (expected === 'deny') return status === 403 || status === 404;
  return String(status) === expected;
}

let app: TestApp;
let tags: SystemTags;
function reportForm(): FormData {
  const form = new FormData();
  for (const [name, value] of reportFormEntries(publishableForm(tags))) form.append(name, value);
  return form;
}
beforeAll(async () => {
  // No mail worker: queued mail stays put, so the tables hold still while refused calls are compared.
  app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000' }, deliverMail: false });
  await prepareForScanning(app);
  await seedTaxonomy(app.services.models);
  await countRowWrites(app.services);
  tags = await systemTags(app.services.models);
});
afterAll(async () => {
  await app.close();
  // The figures SECURITY.md quotes.
  console.info(`security battery: ${tally.requests} requests, ${tally.serverErrors.length} 5xx ${JSON.stringify(tally.serverErrors)}, ${tally.leaks.length} answers leaking ${JSON.stringify(tally.leaks)}`);
});

describe('authorization matrix', () => {
  it('has a row for every declared endpoint and no other', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...ENDPOINT_KEYS].sort());
  });

  it('answers each caller of each endpoint as the matrix says, and refused calls change nothing', async () => {
    const mismatches: string[] = [];
    for (const key of ENDPOINT_KEYS) {
      const row = MATRIX[key];
      const world = await newWorld(app);
      const url = urlOf(key, world.params);
      // Refused callers first, between two snapshots; then the allowed ones, which may change things.
      const refused = CALLERS.filter((c) => row[c] !== 'ok');
      const before = await tableSnapshot(app.services);
      for (const caller of refused) {
        const res = await call(world, caller, key, url);
        if (!matches(row[caller], res.status)) mismatches.push(`${key} ${caller}: expected ${row[caller]}, got ${res.status}`);
      }
      if (refused.length > 0) {
        const after = await tableSnapshot(app.services);
        const changed = snapshotChanges(before, after, REFUSALS_THAT_WRITE[key]);
        if (changed.length > 0) mismatches.push(`${key}: a refused call changed ${changed.join('; ')}`);
      }
      for (const caller of CALLERS.filter((c) => row[c] === 'ok')) {
        const res = await call(world, caller, key, url);
        if (!matches('ok', res.status)) mismatches.push(`${key} ${caller}: expected ok, got ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('anti-forgery', () => {
  const stateChanging = ENDPOINT_KEYS.filter((key) => ENDPOINTS[key].method !== 'GET');

  it('refuses every state-changing call without, with a wrong, or with another member\'s token, changing nothing', async () => {
    const mismatches: string[] = [];
    // The beacon, and writes whose proof is a token in the URL (checked below).
    const keys = stateChanging.filter((key) => key !== 'analytics.record' && !definitionOf(key).forgeryProof);
    expect(keys.length).toBeGreaterThan(20);
    for (const key of keys) {
      const world = await newWorld(app);
      // The caller who would be allowed, so the token is the only reason left to refuse.
      const caller: Caller = MATRIX[key].owner === 'ok' ? 'owner' : MATRIX[key].operator === 'ok' ? 'operator' : MATRIX[key].admin === 'ok' ? 'admin' : 'owner';
      await world.clients[caller].get('/api/auth/me');
      await world.clients.other.get('/api/auth/me');
      const othersToken = world.clients.other.cookie(COOKIE_NAMES.xsrf);
      expect(othersToken).toBeTruthy();
      const url = urlOf(key, world.params);
      const before = await tableSnapshot(app.services);
      const attempts: Array<[string, Record<string, string> | undefined]> = [
        ['no token', undefined],
        ['wrong token', { [XSRF_HEADER]: 'not-the-token' }],
        ["another member's token", { [XSRF_HEADER]: String(othersToken) }],
      ];
      for (const [label, headers] of attempts) {
        const res = await call(world, caller, key, url, headers, false);
        const body = res.body as { error?: string; message?: string };
        if (res.status !== 403 || body.error !== 'csrf_error' || body.message !== TEXTS.common.forbiddenCsrf) {
          mismatches.push(`${key} ${label}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      const after = await tableSnapshot(app.services);
      const changed = snapshotChanges(before, after);
      if (changed.length > 0) mismatches.push(`${key}: a forged call changed ${changed.join('; ')}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('exempts only the analytics beacon, which navigator.sendBeacon sends without the header', async () => {
    expect(stateChanging).toContain('analytics.record');
    const world = await newWorld(app);
    const res = await call(world, 'anonymous', 'analytics.record', ENDPOINTS['analytics.record'].path, undefined, false);
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
  });
});

describe('writes proved by a token in the URL', () => {
  const tokenProved = ENDPOINT_KEYS.filter((key) => definitionOf(key).forgeryProof === 'tokenInUrl');

  it('are only the digest\'s one-click unsubscribe, and without a known token they change nothing, with or without a session', async () => {
    expect(tokenProved).toEqual(['notifications.unsubscribe']);
    const world = await newWorld(app);
    const before = await tableSnapshot(app.services);
    for (const caller of CALLERS) {
      for (const url of [ENDPOINTS['notifications.unsubscribe'].path, `${ENDPOINTS['notifications.unsubscribe'].path}?token=${'a'.repeat(43)}`]) {
        const res = await call(world, caller, 'notifications.unsubscribe', url, undefined, false);
        expect([400, 404]).toContain(res.status);
      }
    }
    expect(snapshotChanges(before, await tableSnapshot(app.services))).toEqual([]);
  });
});

describe('privacy of answers', () => {
  it('no answer above showed another member\'s address, a password hash, a token or an internal member id', () => {
    expect(tally.requests).toBeGreaterThan(300);
    expect(tally.leaks).toEqual([]);
  });
});
