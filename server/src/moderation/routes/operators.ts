import { TEXTS, type CaseActionResponse, type MemberModerationResponse } from '@hiraku/shared';
import { decisionNeedsStepUp, requireRecentProof } from '../../auth/stepUp';
import { loadAuditLog } from '../auditLogReader';
import { auditTargetKey, nameAuditTargets } from '../auditTargets';
import { addCaseNote, bulkResolveCases, claimCase, escalateCase, releaseCase, resolveCase, withdrawEscalation, type CaseOutcome } from '../caseResolver';
import { loadCaseCounts } from '../caseCounts';
import { loadCaseItems, loadCasePage, loadMemberHistory } from '../caseQueue';
import { loadMembersWithCounts, searchMembers } from '../memberDirectory';
import { suspendMember, unsuspendMember, type MemberOutcome } from '../memberSuspender';
import { setReportHidden } from '../reportHider';
import { setImageLabel } from '../imageLabeler';
import { changeRole } from '../roleChanger';
import { syncEmailBlock } from '../../commands/emailBlock';
import { memberStageView, setMemberStage } from '../../commands/memberStage';
import { notFound } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { presentAuditEntry, presentModeratedMember } from '../presenters';
import type { AppServices } from '../../services';
import { writeTransaction } from '../../db/transaction';

/**
 * /api/moderation/*: the operators' side. The endpoint map declares every one `operator`, so
 * access is enforced before these run. Each action is one command in one transaction, which writes its
 * audit row and search outbox rows with the change; the answer is read after the commit.
 */
export function moderationHandlers(services: AppServices): EndpointHandlers<KeysOf<'moderation'>> {
  const { models, sequelize } = services;
  const caseDeps = { models, sequelize, publicUrl: services.env.publicUrl, files: { storage: services.storage, logger: services.logger } };

  /** The case as the queue shows it after an action (read after the commit). */
  async function caseResponse(outcome: CaseOutcome, message: string): Promise<CaseActionResponse> {
    const [item] = await loadCaseItems(services, [outcome.caseId]);
    if (!item) throw notFound(TEXTS.moderation.cases.caseNotFound);
    return { message, changed: outcome.changed, item };
  }

  /** The member as the screen shows them after an action. */
  async function memberResponse(outcome: MemberOutcome, message: string): Promise<MemberModerationResponse> {
    const [loaded] = await loadMembersWithCounts(services, [outcome.member.id]);
    if (!loaded) throw notFound(TEXTS.profile.memberNotFound);
    return { message, changed: outcome.changed, member: presentModeratedMember(loaded.member, loaded.counts) };
  }

  async function setHidden(actor: Parameters<typeof setReportHidden>[1]['actor'], reportId: number, hidden: boolean, reason: string) {
    const { changed, report } = await writeTransaction(sequelize, (transaction) => setReportHidden(services, { actor, reportId, hidden, reason }, { transaction }));
    const message = hidden ? (changed ? TEXTS.moderation.reportHidden : TEXTS.moderation.reportAlreadyHidden) : changed ? TEXTS.moderation.reportUnhidden : TEXTS.moderation.reportAlreadyShown;
    return { message, changed, report: { id: report.id, isHidden: report.hiddenAt !== null } };
  }

  return {
    'moderation.hideReport': ({ user, params, body }) => setHidden(user, params.id, true, body.reason),
    'moderation.unhideReport': ({ user, params, body }) => setHidden(user, params.id, false, body.reason),
    'moderation.setImageLabel': async ({ user, params, body }) => {
      const { changed, report } = await writeTransaction(sequelize, (transaction) =>
        setImageLabel(models, { actor: user, reportId: params.id, sensitive: body.sensitive, locked: body.locked, reason: body.reason }, { transaction }),
      );
      return {
        message: changed ? TEXTS.image.labelSaved : TEXTS.image.labelUnchanged,
        changed,
        report: { id: report.id, imageSensitive: report.imageSensitive, imageSensitiveLocked: report.imageSensitiveLocked },
      };
    },

    'moderation.suspendMember': async ({ ctx, user, params, body }) => {
      await requireRecentProof(services, ctx);
      const outcome = await writeTransaction(sequelize, async (transaction) => {
        const suspended = await suspendMember(services, { actor: user, publicId: params.publicId, reason: body.reason, until: body.until }, { transaction });
        await syncEmailBlock(services, suspended.member.id, { transaction });
        return suspended;
      });
      return memberResponse(outcome, outcome.changed ? TEXTS.moderation.memberSuspended : TEXTS.moderation.memberAlreadySuspended);
    },

    'moderation.unsuspendMember': async ({ user, params, body }) => {
      const outcome = await writeTransaction(sequelize, async (transaction) => {
        const lifted = await unsuspendMember(services, { actor: user, publicId: params.publicId, reason: body.reason }, { transaction });
        await syncEmailBlock(services, lifted.member.id, { transaction });
        return lifted;
      });
      return memberResponse(outcome, outcome.changed ? TEXTS.moderation.memberUnsuspended : TEXTS.moderation.memberNotSuspended);
    },

    'moderation.changeRole': async ({ user, params, body }) => {
      const outcome = await writeTransaction(sequelize, (transaction) =>
        changeRole(models, { actor: user, publicId: params.publicId, role: body.role, reason: body.reason }, { transaction }),
      );
      return memberResponse(outcome, outcome.changed ? TEXTS.moderation.roleChanged : TEXTS.moderation.roleUnchanged);
    },

    'moderation.memberStage': async ({ user, params, body }) => {
      const now = new Date();
      return writeTransaction(sequelize, async (transaction) => {
        const member = await models.User.findOne({ where: { publicId: params.publicId }, transaction, lock: transaction.LOCK.UPDATE });
        if (!member) throw notFound(TEXTS.profile.memberNotFound);
        const to = body.stage === 'established' ? 'lift' : 'restore';
        const { changed } = await setMemberStage(services, { actorId: user.id, member, to, reason: body.reason, now }, { transaction });
        const t = TEXTS.newMember;
        const message = to === 'lift' ? (changed ? t.lifted : t.alreadyLifted) : changed ? t.restored : t.alreadyNew;
        return { message, changed, stage: await memberStageView(models, member, now) };
      });
    },

    'moderation.members': async ({ query }) => {
      const found = await searchMembers(services, query.query);
      return { members: found.map(({ member, counts }) => presentModeratedMember(member, counts)) };
    },

    'moderation.cases': ({ user, query }) => loadCasePage(services, user, query),
    'moderation.caseCounts': () => loadCaseCounts(sequelize),
    'moderation.claimCase': async ({ user, params }) => {
      const outcome = await writeTransaction(sequelize, (transaction) => claimCase(caseDeps, { actor: user, caseId: params.id }, { transaction }));
      return caseResponse(outcome, outcome.changed ? TEXTS.moderation.cases.caseClaimed : TEXTS.moderation.cases.caseAlreadyClaimed);
    },
    'moderation.releaseCase': async ({ user, params }) => {
      const outcome = await writeTransaction(sequelize, (transaction) => releaseCase(caseDeps, { actor: user, caseId: params.id }, { transaction }));
      return caseResponse(outcome, outcome.changed ? TEXTS.moderation.cases.caseReleased : TEXTS.moderation.cases.caseNotClaimed);
    },
    'moderation.caseNote': async ({ user, params, body }) => {
      const outcome = await writeTransaction(sequelize, (transaction) => addCaseNote(caseDeps, { actor: user, caseId: params.id, text: body.text }, { transaction }));
      return caseResponse(outcome, TEXTS.moderation.cases.noteAdded);
    },
    'moderation.escalateCase': async ({ user, params, body }) => {
      const outcome = await writeTransaction(sequelize, (transaction) => escalateCase(caseDeps, { actor: user, caseId: params.id, reason: body.reason }, { transaction }));
      return caseResponse(outcome, outcome.changed ? TEXTS.moderation.cases.escalated : TEXTS.moderation.cases.alreadyEscalated);
    },
    'moderation.withdrawEscalation': async ({ user, params }) => {
      const outcome = await writeTransaction(sequelize, (transaction) => withdrawEscalation(caseDeps, { actor: user, caseId: params.id }, { transaction }));
      return caseResponse(outcome, outcome.changed ? TEXTS.moderation.cases.escalationWithdrawn : TEXTS.moderation.cases.notEscalated);
    },
    'moderation.resolveCase': async ({ ctx, user, params, body }) => {
      if (decisionNeedsStepUp(body.action)) await requireRecentProof(services, ctx);
      const outcome = await writeTransaction(sequelize, async (transaction) => {
        const resolved = await resolveCase(
          caseDeps,
          { actor: user, caseId: params.id, action: body.action, reason: body.reason, until: body.until, selfReviewReason: body.selfReviewReason },
          { transaction },
        );
        // Issue 38: a decision that suspends its member for good (or lifts that) blocks (or frees) their address.
        const decided = await models.ModerationCase.findByPk(resolved.caseId, { attributes: ['authorId'], transaction });
        if (decided?.authorId) await syncEmailBlock(services, decided.authorId, { transaction });
        return resolved;
      });
      return caseResponse(outcome, outcome.changed ? TEXTS.moderation.cases.resolved : TEXTS.moderation.cases.alreadyResolved);
    },
    'moderation.bulkResolveCases': async ({ ctx, user, body }) => {
      if (decisionNeedsStepUp(body.action)) await requireRecentProof(services, ctx);
      const ids = await writeTransaction(sequelize, (transaction) => bulkResolveCases(caseDeps, { actor: user, ids: body.ids, action: body.action, reason: body.reason }, { transaction }));
      return { message: TEXTS.moderation.cases.bulkResolved, changed: true, ids };
    },
    'moderation.memberHistory': ({ params }) => loadMemberHistory(services, params.publicId),

    'moderation.auditLog': async ({ query }) => {
      const page = await loadAuditLog(models, query);
      const names = await nameAuditTargets(models, page.entries);
      return { entries: page.entries.map((entry) => presentAuditEntry(entry, names.get(auditTargetKey(entry.targetType, entry.targetId)))), nextCursor: page.nextCursor };
    },
  };
}
