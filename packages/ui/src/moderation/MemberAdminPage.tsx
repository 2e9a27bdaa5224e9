import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { formatDateTimeJa, isAdminRole, MODERATION_TEXTS, type ModeratedMember, type ResponseOf } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { createModerationApi } from '../api/moderationApi';
import { FormAlert, FormStatus } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { useSession } from '../session/SessionContext';
import { OperatorGate } from './OperatorGate';
import { ReasonDialog } from './ReasonDialog';

const t = MODERATION_TEXTS.members;
const c = MODERATION_TEXTS.common;

type MemberAction = 'suspend' | 'unsuspend' | 'promote' | 'demote' | 'makeAdmin' | 'unmakeAdmin';
const ACTION_LABELS: Record<MemberAction, string> = {
  suspend: t.suspend,
  unsuspend: t.unsuspend,
  promote: t.promote,
  demote: t.demote,
  makeAdmin: t.makeAdmin,
  unmakeAdmin: t.unmakeAdmin,
};
/** The role each role action sets. */
const ROLE_OF = { promote: 'operator', demote: 'member', makeAdmin: 'admin', unmakeAdmin: 'operator' } as const;

/** A date-time field's value (wall time, no zone) read as Japan time, which is what operators mean. */
function japanWallTimeToIso(value: string): string | null {
  if (!value) return null;
  return `${value.length === 16 ? `${value}:00` : value}+09:00`;
}

function memberName(member: ModeratedMember): string {
  return member.username ?? member.publicId;
}

/** /moderation/members: find a member, see their state, suspend or lift it, promote or demote. */
export function MemberAdminPage() {
  return (
    <OperatorGate page={MODERATION_TEXTS.titles.members}>
      <MemberAdmin />
    </OperatorGate>
  );
}

function MemberAdmin() {
  const { client } = useApi();
  const api = useMemo(() => createModerationApi(client), [client]);
  const queryClient = useQueryClient();
  const viewerIsAdmin = isAdminRole(useSession().user?.role);
  const [query, setQuery] = useState('');
  /** What was last searched for; null before the first search. */
  const [searched, setSearched] = useState<string | null>(null);
  // The operators' screens always ask the server again: another operator may have acted since.
  const found = useEndpointQuery('moderation.members', { query: { query: searched ?? '' } }, { enabled: searched !== null, staleTime: 0 });
  const members = found.data?.members ?? null;
  const [notice, setNotice] = useState<string | null>(null);
  const [acting, setActing] = useState<{ member: ModeratedMember; action: MemberAction } | null>(null);
  const [until, setUntil] = useState('');
  const id = useId();

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const next = query.trim();
    // The same words again: asked again all the same.
    if (next === searched) void found.refetch();
    else setSearched(next);
  };

  const open = (member: ModeratedMember, action: MemberAction) => {
    setUntil('');
    setActing({ member, action });
  };

  const act = async (reason: string): Promise<string | null> => {
    if (!acting) return null;
    const { member, action } = acting;
    try {
      const answer =
        action === 'suspend'
          ? await api.suspend(member.publicId, reason, japanWallTimeToIso(until))
          : action === 'unsuspend'
            ? await api.unsuspend(member.publicId, reason)
            : await api.setRole(member.publicId, ROLE_OF[action], reason);
      // The answer is the member's new state in every cached search; the list and the audit log are read again.
      queryClient.setQueriesData<ResponseOf<'moderation.members'>>({ queryKey: endpointQueryKey('moderation.members') }, (list) =>
        list ? { ...list, members: list.members.map((other) => (other.publicId === answer.member.publicId ? answer.member : other)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('moderation.members') });
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('moderation.auditLog'), refetchType: 'none' });
      setNotice(answer.message);
      setActing(null);
      return null;
    } catch (error) {
      return errorMessage(error, c.actionFailed);
    }
  };

  return (
    <div className="page moderation">
      <PageTitle page={MODERATION_TEXTS.titles.members} />
      <h1 className="page__title">{MODERATION_TEXTS.titles.members}</h1>
      <form className="moderation__search" role="search" onSubmit={search}>
        <div className="field">
          <label htmlFor={`${id}-query`} className="field__label">
            {t.searchLabel}
          </label>
          <input id={`${id}-query`} className="field__input" type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <button type="submit" className="button button--primary" disabled={found.isFetching}>
          {t.searchSubmit}
        </button>
      </form>
      <FormStatus message={notice} />
      <FormAlert message={found.isError && !found.isFetching ? errorMessage(found.error, c.loadFailed) : null} />
      {found.isPending && found.isFetching && <p role="status">{c.loading}</p>}
      {members && members.length === 0 && <p>{t.empty}</p>}
      {members && members.length > 0 && (
        <ul className="moderation__list">
          {members.map((member) => (
            <li key={member.publicId}>
              <MemberCard member={member} viewerIsAdmin={viewerIsAdmin} onAction={(action) => open(member, action)} />
            </li>
          ))}
        </ul>
      )}
      {acting && (
        <ReasonDialog
          title={ACTION_LABELS[acting.action]}
          question={t.questions[acting.action](memberName(acting.member))}
          confirmLabel={ACTION_LABELS[acting.action]}
          onConfirm={act}
          onCancel={() => setActing(null)}
        >
          {acting.action === 'suspend' && (
            <div className="field">
              <label htmlFor={`${id}-until`} className="field__label">
                {t.untilLabel}
              </label>
              <input id={`${id}-until`} className="field__input" type="datetime-local" value={until} onChange={(event) => setUntil(event.target.value)} />
            </div>
          )}
        </ReasonDialog>
      )}
    </div>
  );
}

function MemberCard({ member, viewerIsAdmin, onAction }: { member: ModeratedMember; viewerIsAdmin: boolean; onAction: (action: MemberAction) => void }) {
  const headingId = `member-${member.publicId}`;
  const state =
    member.suspendedAt === null ? t.active : member.suspendedUntil ? t.suspendedUntil(formatDateTimeJa(member.suspendedUntil)) : t.suspendedIndefinitely;
  const actions: MemberAction[] = [
    member.suspendedAt === null ? 'suspend' : 'unsuspend',
    member.role === 'member' ? 'promote' : member.role === 'operator' ? 'demote' : null,
    // Issue 38: only an admin makes or unmakes an admin (the server refuses anyone else).
    viewerIsAdmin && member.role === 'operator' ? 'makeAdmin' : null,
    viewerIsAdmin && member.role === 'admin' ? 'unmakeAdmin' : null,
  ].filter((action): action is MemberAction => action !== null);
  return (
    <article className="moderation__item" aria-labelledby={headingId}>
      <h2 id={headingId} className="moderation__item-title">
        {member.username ?? c.unnamed}
      </h2>
      <dl className="moderation__facts">
        <div>
          <dt>{t.publicId}</dt>
          <dd>{member.publicId}</dd>
        </div>
        <div>
          <dt>{t.role}</dt>
          <dd>{t.roles[member.role]}</dd>
        </div>
        <div>
          <dt>{t.state}</dt>
          <dd>{state}</dd>
        </div>
        <div>
          <dt>{t.reportCount}</dt>
          <dd>{member.reportCount}</dd>
        </div>
        <div>
          <dt>{t.commentCount}</dt>
          <dd>{member.commentCount}</dd>
        </div>
        <div>
          <dt>{t.joinedAt}</dt>
          <dd>{formatDateTimeJa(member.createdAt)}</dd>
        </div>
      </dl>
      <div className="moderation__actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`button button--small ${action === 'suspend' ? 'button--danger' : 'button--ghost'}`}
            onClick={() => onAction(action)}
          >
            {ACTION_LABELS[action]}
          </button>
        ))}
      </div>
    </article>
  );
}
