import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTimeJa, SECURITY_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus } from '../components/forms';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { SettingsSection } from './SettingsSection';

const t = SECURITY_TEXTS.sessions;

/** 設定 › ログイン中の端末: my sessions, the current one marked; sign out one or all others. */
export function SessionsSection() {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const sessions = useEndpointQuery('sessions.list');
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const done = (answer: { message: string }) => {
    setStatus(answer.message);
    void queryClient.invalidateQueries({ queryKey: endpointQueryKey('sessions.list') });
  };
  const revoke = useMutation({ mutationFn: (id: string) => call('sessions.revoke', { params: { id } }), onSuccess: done });
  const revokeOthers = useMutation({ mutationFn: () => call('sessions.revokeOthers'), onSuccess: done });
  const busy = revoke.isPending || revokeOthers.isPending;
  const run = async (action: () => Promise<unknown>) => {
    setStatus(null);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error, t.signOut));
    }
  };
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);

  return (
    <SettingsSection title={t.heading}>
      <p>{t.lead}</p>
      <FormStatus message={status} />
      <FormAlert message={failure} />
      <ul className="session-list">
        {list.map((session) => (
          <li key={session.id} className="session-list__item">
            <p className="session-list__label">
              {session.label}
              {session.current && <span className="session-list__current">{t.current}</span>}
            </p>
            <p className="session-list__times">
              {t.startedAt}: <time dateTime={session.startedAt}>{formatDateTimeJa(session.startedAt)}</time> / {t.lastUsedAt}:{' '}
              <time dateTime={session.lastUsedAt}>{formatDateTimeJa(session.lastUsedAt)}</time>
            </p>
            {!session.current && (
              <button type="button" className="button button--small" disabled={busy} aria-label={`${session.label}を${t.signOut}`} onClick={() => void run(() => revoke.mutateAsync(session.id))}>
                {t.signOut}
              </button>
            )}
          </li>
        ))}
      </ul>
      {sessions.data && others.length === 0 && <p>{t.empty}</p>}
      {others.length > 0 && (
        <button type="button" className="button" disabled={busy} onClick={() => void run(() => revokeOthers.mutateAsync())}>
          {t.signOutOthers}
        </button>
      )}
    </SettingsSection>
  );
}
