import { FLAG_CATEGORIES, LIMITS, scaledRateRule, TEXTS, japanDay, type TransparencyReport } from '@hiraku/shared';
import { computeTransparencyReport } from '../../commands/transparency';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/support/appWithMail';
import { createReport, createUser } from '../../../test/factories';
import { createHttpClient } from '../../../test/support/httpClient';
import { linkIn, type ReceivedMail } from '../../../test/support/mailbox';
import { signedInMember } from '../../../test/support/session';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('takedown requests and the transparency report (issue 21)', () => {
  let app: TestAppWithMail;
  beforeAll(async () => {
    app = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '1000' } });
  });
  afterAll(() => app.close());

  // A report page of ours whose report does not exist (deleted, say): taken, and filed as a case of its own.
  const goneReport = () => `${app.services.env.publicUrl}/reports/999999999`;
  const form = (overrides: Record<string, unknown> = {}) => ({
    contentUrl: goneReport(),
    requesterKind: 'self',
    reason: 'intimateImage',
    description: '私が写っている画像が、同意なく掲載されています。削除をお願いします。',
    email: `requester-${Math.random().toString(36).slice(2, 8)}@example.jp`,
    ...overrides,
  });

  async function file(body: Record<string, unknown>): Promise<{ confirmLink: URL; mail: ReceivedMail }> {
    const seen = await app.mails();
    const res = await createHttpClient(app.baseUrl).post('/api/takedown-requests', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: TEXTS.takedown.received });
    const mail = await app.nextMailTo(String(body.email), { seen });
    expect(mail.subject).toBe(`【ひらく】${TEXTS.takedown.mail.confirmSubject}`);
    return { confirmLink: linkIn(mail, '/takedown-request/confirm'), mail };
  }

  const confirm = (link: URL) => createHttpClient(app.baseUrl).get(`/api/takedown-requests/confirm${link.search}`);

  it('reaches the operators only once the address is confirmed, as a takedown case with its clock on the content named', async () => {
    const { user: author } = await signedInMember(app.baseUrl);
    const report = await createReport({ author });
    const body = form({ contentUrl: `${app.services.env.publicUrl}/reports/${report.id}` });
    const { confirmLink } = await file(body);
    const request = await app.services.models.TakedownRequest.findOne({ where: { email: body.email } });
    expect(request?.confirmedAt).toBeNull();
    // Only the hash of the link's token is kept.
    expect(request?.confirmTokenHash).not.toContain(confirmLink.searchParams.get('token'));
    expect(await app.services.models.ModerationCase.count({ where: { type: 'takedown', targetId: report.id } })).toBe(0);

    // A made-up or mangled token opens nothing.
    const wrong = await createHttpClient(app.baseUrl).get('/api/takedown-requests/confirm?token=not-the-token');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: TEXTS.takedown.confirmInvalid });
    expect(await app.services.models.ModerationCase.count({ where: { type: 'takedown', targetId: report.id } })).toBe(0);

    const seen = await app.mails();
    const before = Date.now();
    const confirmed = await confirm(confirmLink);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: TEXTS.takedown.confirmed });
    const opened = await app.services.models.ModerationCase.findAll({ where: { type: 'takedown', targetId: report.id } });
    expect(opened).toHaveLength(1);
    const theCase = opened[0];
    expect(theCase?.targetType).toBe('report');
    expect(theCase?.authorId).toBe(author.id);
    expect(theCase?.status).toBe('open');
    expect(theCase?.category).toBe('nonConsensual');
    const dueIn = (theCase?.dueAt.getTime() ?? 0) - before;
    expect(dueIn).toBeGreaterThanOrEqual(LIMITS.takedownIntimateDueDays * DAY_MS - 1000);
    expect(dueIn).toBeLessThan(LIMITS.takedownIntimateDueDays * DAY_MS + 60_000);
    const note = await app.services.models.CaseNote.findOne({ where: { caseId: theCase?.id } });
    expect(note?.text).toContain(body.contentUrl as string);
    expect(note?.text).not.toContain(body.email as string);

    const receipt = await app.nextMailTo(String(body.email), { seen });
    expect(receipt.subject).toBe(`【ひらく】${TEXTS.takedown.mail.receiptSubject}`);
    expect(receipt.text).toContain(TEXTS.takedown.mail.receiptClockIntimate);

    // The link again: nothing new, no second case, no second receipt.
    const again = await confirm(confirmLink);
    expect(again.body).toEqual({ message: TEXTS.takedown.alreadyConfirmed });
    expect(await app.services.models.ModerationCase.count({ where: { type: 'takedown', targetId: report.id } })).toBe(1);
    const receipts = (await app.mails()).filter((mail) => mail.to === body.email && mail.subject.includes(TEXTS.takedown.mail.receiptSubject));
    expect(receipts).toHaveLength(1);

    // The operator sees it in the queue with its clock, first of all.
    const { client: operator } = await signedInMember(app.baseUrl, { role: 'operator' });
    const queue = await operator.get<{ items: Array<{ id: number; type: string; dueAt: string }> }>('/api/moderation/cases?type=takedown');
    expect(queue.status).toBe(200);
    const item = queue.body.items.find((entry) => entry.id === theCase?.id);
    expect(item?.type).toBe('takedown');
    expect(Date.parse(item?.dueAt ?? '')).toBe(theCase?.dueAt.getTime());

    // Decided: the requester is told the outcome and nothing about the member concerned.
    const decisionSeen = await app.mails();
    const decided = await operator.post(`/api/moderation/cases/${theCase?.id}/resolve`, { action: 'hide', reason: '同意のない画像と判断しました。' });
    expect(decided.status).toBe(200);
    const decisionMail = await app.nextMailTo(String(body.email), { seen: decisionSeen });
    expect(decisionMail.subject).toBe(`【ひらく】${TEXTS.takedown.mail.decisionSubject}`);
    expect(decisionMail.text).toContain(TEXTS.takedown.mail.decisionRemoved);
    expect(decisionMail.text).not.toContain(author.email);
    expect(decisionMail.text).not.toContain(author.publicId);
    expect(decisionMail.text).not.toContain(author.profile.username);
    expect((await report.reload()).hiddenAt).not.toBeNull();
    const stored = await app.services.models.TakedownRequest.findByPk(request?.id);
    expect(stored?.acted).toBe(true);
    expect(stored?.decidedAt).not.toBeNull();
  });

  it('gives other reasons seven days, resolves a comment address, and files an address whose content is gone as a case of its own', async () => {
    const report = await createReport();
    const comment = await app.services.models.Comment.create({ reportId: report.id, authorId: report.authorId, text: '名誉を傷つける書き込みの例です。' });
    const body = form({ reason: 'defamationPrivacy', requesterKind: 'agent', contentUrl: `${app.services.env.publicUrl}/reports/${comment.reportId}#comment-${comment.id}` });
    const before = Date.now();
    expect((await confirm((await file(body)).confirmLink)).status).toBe(200);
    const commentCase = await app.services.models.ModerationCase.findOne({ where: { type: 'takedown', targetType: 'comment', targetId: comment.id } });
    expect(commentCase?.category).toBe('harassment');
    const dueIn = (commentCase?.dueAt.getTime() ?? 0) - before;
    expect(dueIn).toBeGreaterThanOrEqual(LIMITS.takedownOtherDueDays * DAY_MS - 1000);
    expect(dueIn).toBeLessThan(LIMITS.takedownOtherDueDays * DAY_MS + 60_000);

    const outside = form({ reason: 'copyright', requesterKind: 'rightsHolder' });
    expect((await confirm((await file(outside)).confirmLink)).status).toBe(200);
    const request = await app.services.models.TakedownRequest.findOne({ where: { email: outside.email } });
    expect(request?.targetType).toBeNull();
    const ownCase = await app.services.models.ModerationCase.findByPk(request?.caseId ?? 0);
    expect(ownCase?.type).toBe('takedown');
    expect(ownCase?.targetId).toBe(-(request?.id ?? 0));
  });

  it('refuses bad input with Japanese messages and stores nothing', async () => {
    const client = createHttpClient(app.baseUrl);
    const before = await app.services.models.TakedownRequest.count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [form({ contentUrl: '' }), 'contentUrl', TEXTS.takedown.urlRequired],
      [form({ contentUrl: 'javascript:alert(1)' }), 'contentUrl', TEXTS.takedown.urlInvalid],
      [form({ requesterKind: 'neighbour' }), 'requesterKind', TEXTS.takedown.requesterRequired],
      [form({ reason: 'dislike' }), 'reason', TEXTS.takedown.reasonRequired],
      [form({ description: '   ' }), 'description', TEXTS.takedown.descriptionRequired],
      [form({ description: 'あ'.repeat(LIMITS.takedownDescriptionMax + 1) }), 'description', TEXTS.takedown.descriptionTooLong],
      [form({ email: 'not-an-address' }), 'email', TEXTS.account.emailInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.post<{ fields?: Record<string, string> }>('/api/takedown-requests', body);
      expect(res.status).toBe(400);
      expect(res.body.fields?.[field]).toBe(message);
    }
    expect(await app.services.models.TakedownRequest.count()).toBe(before);
  });

  it('takes only addresses of our own report, comment and profile pages, and refuses the rest without storing or mailing (issue 39)', async () => {
    const client = createHttpClient(app.baseUrl);
    const site = app.services.env.publicUrl;
    const before = await app.services.models.TakedownRequest.count();
    const refusedAddresses: string[] = [];
    const refused: Array<[string, string]> = [
      ['https://example.com/foo', TEXTS.takedown.urlElsewhere],
      ['https://example.com/reports/1', TEXTS.takedown.urlElsewhere],
      // Our host in the path or the user part names another site all the same.
      [`https://example.com/${new URL(site).host}/reports/1`, TEXTS.takedown.urlElsewhere],
      [`https://${new URL(site).host}@example.com/reports/1`, TEXTS.takedown.urlElsewhere],
      [`${site}/`, TEXTS.takedown.urlNotContent],
      [`${site}/reports`, TEXTS.takedown.urlNotContent],
      [`${site}/reports/abc`, TEXTS.takedown.urlNotContent],
      [`${site}/search-results?q=x`, TEXTS.takedown.urlNotContent],
      [`${site}/profile`, TEXTS.takedown.urlNotContent],
      [`${site}/media/reports/1.jpg`, TEXTS.takedown.urlNotContent],
    ];
    for (const [contentUrl, message] of refused) {
      const body = form({ contentUrl });
      refusedAddresses.push(body.email);
      const res = await client.post<{ message?: string; fields?: Record<string, string> }>('/api/takedown-requests', body);
      expect([contentUrl, res.status]).toEqual([contentUrl, 400]);
      expect(res.body).toMatchObject({ message, fields: { contentUrl: message } });
    }
    expect(await app.services.models.TakedownRequest.count()).toBe(before);

    // Each kind the form names is taken: a report, a comment on it, a member's profile (trailing slash,
    // query and the http form of our host too).
    const report = await createReport();
    const { user: member } = await signedInMember(app.baseUrl);
    const host = new URL(site).host;
    for (const contentUrl of [`${site}/reports/${report.id}`, `${site}/reports/${report.id}/?from=feed#comment-1`, `${site}/profile/${member.publicId}`, `http://${host}/reports/${report.id}`]) {
      await file(form({ contentUrl }));
    }
    // Those mails went out after the refusals: none went to a refused requester.
    expect((await app.mails()).filter((mail) => refusedAddresses.includes(mail.to))).toEqual([]);
  });

  it('counts the transparency figures from the rows, per Japan month, with nothing that identifies anyone', async () => {
    const { models } = app.services;
    const now = new Date();
    const month = japanDay(now).slice(0, 7);
    const report: TransparencyReport = await computeTransparencyReport(models, now);
    const current = report.months.at(-1);
    expect(current?.month).toBe(month);
    expect(report.months).toHaveLength(12);

    // Expected figures computed here from the rows, the way a reader of the tables would.
    const since = new Date(Date.parse(`${month}-01T00:00:00+09:00`));
    const cases = await models.ModerationCase.findAll();
    const inMonth = (at: Date | null) => at !== null && at >= since && at <= now;
    for (const category of FLAG_CATEGORIES) {
      expect(current?.casesOpened[category]).toBe(cases.filter((c) => c.category === category && inMonth(c.openedAt)).length);
      expect(current?.casesDecided[category]).toBe(cases.filter((c) => c.category === category && c.decision !== null && inMonth(c.closedAt)).length);
    }
    const hours = cases.filter((c) => c.decision !== null && inMonth(c.closedAt)).map((c) => ((c.closedAt as Date).getTime() - c.openedAt.getTime()) / 3_600_000).sort((a, b) => a - b);
    const middle = hours.length === 0 ? null : hours.length % 2 ? (hours[(hours.length - 1) / 2] as number) : ((hours[hours.length / 2 - 1] as number) + (hours[hours.length / 2] as number)) / 2;
    expect(current?.medianHoursToDecision).toBe(middle === null ? null : Math.round(middle * 10) / 10);
    const requests = await models.TakedownRequest.findAll();
    expect(current?.takedownRequestsReceived).toBe(requests.filter((r) => inMonth(r.confirmedAt)).length);
    expect(current?.takedownRequestsActedOnInTime).toBe(requests.filter((r) => inMonth(r.confirmedAt) && r.decidedAt && r.dueAt && r.decidedAt <= r.dueAt).length);
    expect(current?.takedownRequestsReceived).toBeGreaterThanOrEqual(3);
    expect(current?.takedownRequestsActedOnInTime).toBeGreaterThanOrEqual(1);
    const suspensions = await models.AuditLog.count({ where: { action: 'user.suspend' } });
    expect(current?.suspensions).toBe(suspensions);

    // Public, and the same figures; no address, id or text of anyone.
    const res = await createHttpClient(app.baseUrl).get<TransparencyReport>('/api/transparency');
    expect(res.status).toBe(200);
    expect(res.body.months.at(-1)).toEqual(current);
    const text = JSON.stringify(res.body);
    for (const request of requests) {
      expect(text).not.toContain(request.email);
      expect(text).not.toContain(request.contentUrl);
    }
    expect(text).not.toMatch(/@|https?:/);
    const member = await createUser();
    expect(text).not.toContain(member.publicId);
  });

  it('rate-limits the form per address', async () => {
    const limited = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '0.2' } });
    try {
      const client = createHttpClient(limited.baseUrl);
      const { limit } = scaledRateRule('takedownRequest', 0.2);
      for (let i = 0; i < limit; i += 1) expect((await client.post('/api/takedown-requests', form())).status).toBe(201);
      const refused = await client.post('/api/takedown-requests', form());
      expect(refused.status).toBe(429);
      expect(await limited.services.models.TakedownRequest.count()).toBe(limit);
    } finally {
      await limited.close();
    }
  });
});
