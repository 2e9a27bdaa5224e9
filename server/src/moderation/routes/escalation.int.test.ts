import { TEXTS, type CaseActionResponse, type CasePage, type ErrorBody, type MemberModerationResponse } from '@hiraku/shared';
import { createReport } from '../../../test/factories';
import { memberWithSession } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { loadCasePage } from '../caseQueue';
import type { User } from '../../models';
import { seedTaxonomy } from '../../seed/taxonomy';

type Member = Awaited<ReturnType<typeof memberWithSession>>;

/**
 * Issue 38: the admin role above operator, and 要相談. Through the real app on MariaDB; mail and
 * notifications are not delivered, so what the case queue tells operators' streams stays in the outbox.
 */
describe('admins and 要相談 (issue 38)', () => {
  let app: TestApp;
  let operator: Member;
  let admin: Member;
  let flagger: Member;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' }, deliverMail: false });
    await seedTaxonomy(app.services.models);
    [operator, admin, flagger] = await Promise.all([memberWithSession(app, { role: 'operator' }), memberWithSession(app, { role: 'admin' }), memberWithSession(app)]);
  });
  afterAll(() => app?.close());

  const models = () => app.services.models;
  /** A new report flagged under `category`: its open case. */
  async function flaggedCase(category: string): Promise<number> {
    const author = await memberWithSession(app);
    const report = await createReport({ author: author.user });
    const flagged = await flagger.client.post('/api/flags', { targetType: 'report', targetId: report.id, category });
    expect(flagged.status).toBe(200);
    const found = await models().ModerationCase.findOne({ where: { targetType: 'report', targetId: report.id, status: 'open' } });
    if (!found) throw new Error('no case opened');
    return found.id;
  }
  const escalate = (who: Member, id: number, reason: unknown = '判断に迷うため、管理者の意見をください') =>
    who.client.post<CaseActionResponse & ErrorBody>(`/api/moderation/cases/${id}/escalate`, { reason });
  const setRole = (who: Member, target: User, role: string) =>
    who.client.post<MemberModerationResponse & ErrorBody>(`/api/moderation/users/${target.publicId}/role`, { role, reason: '体制の変更のため' });

  describe('the admin role', () => {
    it('lets an admin do what an operator does, with two-factor sign-in as for operators', async () => {
      expect((await admin.client.get<CasePage>('/api/moderation/cases?status=open')).status).toBe(200);
      const noSecondFactor = await memberWithSession(app, { role: 'admin', totpSecret: null, totpEnabledAt: null });
      const refused = await noSecondFactor.client.get<ErrorBody>('/api/moderation/cases?status=open');
      expect([refused.status, refused.body.error]).toEqual([403, 'two_factor_required']);
    });

    it('keeps the disclosure export to admins: an operator is refused in Japanese', async () => {
      const target = await memberWithSession(app);
      const url = `/api/moderation/disclosure-records?targetType=member&targetId=${target.user.publicId}`;
      const byOperator = await operator.client.get<ErrorBody>(url);
      expect([byOperator.status, byOperator.body.error, byOperator.body.message]).toEqual([403, 'authorization_error', TEXTS.common.adminsOnly]);
      const byMember = await flagger.client.get<ErrorBody>(url);
      expect([byMember.status, byMember.body.message]).toEqual([403, TEXTS.common.operatorsOnly]);
      expect((await admin.client.get<string>(url)).status).toBe(200);
      expect(await models().AuditLog.count({ where: { action: 'disclosure.export', actorId: operator.user.id } })).toBe(0);
    });

    it('lets only an admin make or unmake an admin, never their own role', async () => {
      const candidate = await memberWithSession(app, { role: 'operator' });
      const byOperator = await setRole(operator, candidate.user, 'admin');
      expect([byOperator.status, byOperator.body.message]).toEqual([403, TEXTS.moderation.adminRoleByAdminsOnly]);
      expect((await candidate.user.reload()).role).toBe('operator');

      const made = await setRole(admin, candidate.user, 'admin');
      expect([made.status, made.body.member?.role]).toEqual([200, 'admin']);
      expect(await models().AuditLog.count({ where: { action: 'user.role', actorId: admin.user.id, targetId: candidate.user.publicId } })).toBe(1);

      // An operator can neither demote nor unmake an admin.
      for (const role of ['member', 'operator']) {
        const refused = await setRole(operator, candidate.user, role);
        expect([refused.status, refused.body.message]).toEqual([403, TEXTS.moderation.adminRoleByAdminsOnly]);
      }
      expect((await candidate.user.reload()).role).toBe('admin');

      const unmade = await setRole(admin, candidate.user, 'operator');
      expect([unmade.status, unmade.body.member?.role]).toEqual([200, 'operator']);

      // Nor can an admin change their own role (so an admin is only ever unmade by another admin).
      const own = await setRole(admin, admin.user, 'operator');
      expect([own.status, own.body.message]).toEqual([400, TEXTS.moderation.cannotChangeOwnRole]);
    });
  });

  describe('要相談', () => {
    it('records who asked and why, audits it, tells operators\' streams, and is idempotent', async () => {
      const id = await flaggedCase('spam');
      const answer = await escalate(operator, id);
      expect(answer.status).toBe(200);
      expect(answer.body.changed).toBe(true);
      expect(answer.body.message).toBe(TEXTS.moderation.cases.escalated);
      expect(answer.body.item.escalation).toEqual({ at: expect.any(String), by: { publicId: operator.user.publicId, username: expect.any(String) }, reason: '判断に迷うため、管理者の意見をください' });
      const audit = await models().AuditLog.findAll({ where: { action: 'case.escalate', targetId: String(id) } });
      expect(audit.map((row) => [row.actorId, row.reason])).toEqual([[operator.user.id, '判断に迷うため、管理者の意見をください']]);
      const told = await models().NotificationOutboxEntry.findAll({ where: { kind: 'case' } });
      expect(told.map((entry) => JSON.parse(entry.payload) as { caseId: number; change: string }).filter((event) => event.caseId === id && event.change === 'escalated')).toHaveLength(1);

      const again = await escalate(operator, id, '二度目');
      expect([again.status, again.body.changed, again.body.message, again.body.item.escalation?.reason]).toEqual([200, false, TEXTS.moderation.cases.alreadyEscalated, '判断に迷うため、管理者の意見をください']);
      expect(await models().AuditLog.count({ where: { action: 'case.escalate', targetId: String(id) } })).toBe(1);
    });

    it('refuses a missing reason in Japanese, a closed case and an unknown one, changing nothing', async () => {
      const id = await flaggedCase('spam');
      for (const body of [{ reason: '' }, { reason: '   ' }, {}]) {
        const bad = await operator.client.post<ErrorBody>(`/api/moderation/cases/${id}/escalate`, body);
        expect([bad.status, bad.body.message]).toEqual([400, TEXTS.moderation.reasonRequired]);
      }
      expect((await models().ModerationCase.findByPk(id))?.escalatedAt).toBeNull();
      expect((await operator.client.post(`/api/moderation/cases/${id}/resolve`, { action: 'dismiss', reason: '問題ありません' })).status).toBe(200);
      const closed = await escalate(operator, id);
      expect([closed.status, closed.body.message]).toEqual([409, TEXTS.moderation.cases.caseClosed]);
      const unknown = await escalate(operator, 99_999_999);
      expect([unknown.status, unknown.body.message]).toEqual([404, TEXTS.moderation.cases.caseNotFound]);
      expect((await flagger.client.post<ErrorBody>(`/api/moderation/cases/${id}/escalate`, { reason: '相談' })).status).toBe(403);
    });

    it('is taken back by the operator who escalated or by an admin, audited, and refused to another operator', async () => {
      const withdraw = (who: Member, id: number) => who.client.post<CaseActionResponse & ErrorBody>(`/api/moderation/cases/${id}/withdraw-escalation`, {});
      const other = await memberWithSession(app, { role: 'operator' });
      const id = await flaggedCase('spam');
      expect((await escalate(operator, id, '宣伝かどうか迷います')).status).toBe(200);

      // Another operator may not drop someone else's question to the admins; a member not even reach it.
      const refused = await withdraw(other, id);
      expect([refused.status, refused.body.error, refused.body.message]).toEqual([403, 'authorization_error', TEXTS.moderation.cases.escalationWithdrawForbidden]);
      expect((await withdraw(flagger, id)).status).toBe(403);
      expect((await models().ModerationCase.findByPk(id))?.escalatedBy).toBe(operator.user.id);

      // The operator who escalated takes it back: the case is plain again, the audit row keeps the question.
      const taken = await withdraw(operator, id);
      expect([taken.status, taken.body.changed, taken.body.message, taken.body.item.escalation]).toEqual([200, true, TEXTS.moderation.cases.escalationWithdrawn, null]);
      const stored = await models().ModerationCase.findByPk(id);
      expect([stored?.escalatedAt, stored?.escalatedBy, stored?.escalationReason]).toEqual([null, null, null]);
      const audit = await models().AuditLog.findAll({ where: { action: 'case.withdraw_escalation', targetId: String(id) } });
      expect(audit.map((row) => [row.actorId, row.reason, (row.details as { escalatedBy: string }).escalatedBy])).toEqual([[operator.user.id, '宣伝かどうか迷います', operator.user.publicId]]);

      // Again: nothing to take back, nothing audited.
      const again = await withdraw(operator, id);
      expect([again.status, again.body.changed, again.body.message]).toEqual([200, false, TEXTS.moderation.cases.notEscalated]);
      expect(await models().AuditLog.count({ where: { action: 'case.withdraw_escalation', targetId: String(id) } })).toBe(1);

      // Escalated again by another operator: an admin may take it back.
      expect((await escalate(other, id, 'やはり相談したい')).status).toBe(200);
      const byAdmin = await withdraw(admin, id);
      expect([byAdmin.status, byAdmin.body.changed]).toEqual([200, true]);
      expect(await models().AuditLog.count({ where: { action: 'case.withdraw_escalation', targetId: String(id), actorId: admin.user.id } })).toBe(1);

      // A closed case keeps its escalation as history: refused, nothing changed.
      expect((await escalate(operator, id, '最後の相談')).status).toBe(200);
      expect((await operator.client.post(`/api/moderation/cases/${id}/resolve`, { action: 'dismiss', reason: '問題ありません' })).status).toBe(200);
      const closed = await withdraw(operator, id);
      expect([closed.status, closed.body.message]).toEqual([409, TEXTS.moderation.cases.caseClosed]);
      expect((await models().ModerationCase.findByPk(id))?.escalationReason).toBe('最後の相談');
      const unknown = await withdraw(admin, 99_999_999);
      expect([unknown.status, unknown.body.message]).toEqual([404, TEXTS.moderation.cases.caseNotFound]);
    });

    it('shows admins the escalated cases first, page by page, and operators the usual order with the badge data', async () => {
      // Clear the queue of earlier tests' cases so the order is this test's alone.
      await models().ModerationCase.update({ status: 'closed', openSlot: null, closedAt: new Date() }, { where: { status: 'open' } });
      const severe = await flaggedCase('minor');
      const middle = await flaggedCase('harassment');
      const mild = await flaggedCase('spam');
      const mild2 = await flaggedCase('spam');
      expect((await escalate(operator, mild2)).status).toBe(200);

      const byOperator = await operator.client.get<CasePage>('/api/moderation/cases?status=open');
      expect(byOperator.body.items.map((item) => item.id)).toEqual([severe, middle, mild, mild2]);
      expect(byOperator.body.items.map((item) => item.escalation !== null)).toEqual([false, false, false, true]);
      const byAdmin = await admin.client.get<CasePage>('/api/moderation/cases?status=open');
      expect(byAdmin.body.items.map((item) => item.id)).toEqual([mild2, severe, middle, mild]);

      // The keyset cursor carries the escalated group: one case per page walks the same order.
      const adminUser = await models().User.findByPk(admin.user.id);
      if (!adminUser) throw new Error('no admin');
      const walked: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await loadCasePage(app.services, adminUser, { status: 'open', type: undefined, category: undefined, claimed: undefined, overdue: false, cursor }, { limit: 1 });
        walked.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(walked).toEqual([mild2, severe, middle, mild]);
    });
  });
});
