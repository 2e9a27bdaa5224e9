import { COMMON_TEXTS, formatDateTimeJa, SAFETY_TEXTS } from '@hiraku/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../api/apiError';
import { useEndpointQuery } from '../query/endpointQuery';
import { publicProfilePath } from '../routes/paths';
import { useBlockMutation, useMuteMutation } from '../safety/safetyMutations';
import { SettingsSection } from './SettingsSection';

const t = SAFETY_TEXTS;

interface Related {
  publicId: string;
  username: string | null;
  until?: string | null;
}

function RelatedList({ members, empty, undoLabel, onUndo, busy }: { members: Related[] | undefined; empty: string; undoLabel: (name: string) => string; onUndo: (publicId: string) => void; busy: boolean }) {
  if (!members) return <p role="status">{COMMON_TEXTS.loading}</p>;
  if (members.length === 0) return <p className="settings-empty">{empty}</p>;
  return (
    <ul className="settings-list">
      {members.map((member) => {
        const name = member.username ?? t.unnamed;
        return (
          <li key={member.publicId} className="settings-list__item">
            <Link to={publicProfilePath(member.publicId)}>{name}</Link>
            {member.until !== undefined && <span className="settings-list__note">{member.until ? t.until(formatDateTimeJa(member.until)) : t.forever}</span>}
            <button type="button" className="button button--ghost" aria-label={undoLabel(name)} onClick={() => onUndo(member.publicId)} disabled={busy}>
              {member.until === undefined ? t.unblock : t.unmute}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** 設定: the members I block, each with an undo. */
export function BlockedMembersSection() {
  const list = useEndpointQuery('blocks.list');
  const block = useBlockMutation();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <SettingsSection title={t.blockedSection}>
      {list.isError && <p className="form-problem">{errorMessage(list.error, t.loadFailed)}</p>}
      <RelatedList
        members={list.data?.members}
        empty={t.noBlocks}
        undoLabel={t.unblockMember}
        busy={block.isPending}
        onUndo={(publicId) => block.mutate({ publicId, on: false }, { onError: (error) => setProblem(errorMessage(error, t.loadFailed)) })}
      />
      <div role="alert">{problem && <p className="form-problem">{problem}</p>}</div>
    </SettingsSection>
  );
}

/** 設定: the members I mute, with the end of each mute and an undo. */
export function MutedMembersSection() {
  const list = useEndpointQuery('mutes.list');
  const mute = useMuteMutation();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <SettingsSection title={t.mutedSection}>
      {list.isError && <p className="form-problem">{errorMessage(list.error, t.loadFailed)}</p>}
      <RelatedList
        members={list.data?.members}
        empty={t.noMutes}
        undoLabel={t.unmuteMember}
        busy={mute.isPending}
        onUndo={(publicId) => mute.mutate({ publicId, on: false }, { onError: (error) => setProblem(errorMessage(error, t.loadFailed)) })}
      />
      <div role="alert">{problem && <p className="form-problem">{problem}</p>}</div>
    </SettingsSection>
  );
}
