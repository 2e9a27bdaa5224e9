import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTimeJa, PASSKEY_LIMITS, PASSKEY_TEXTS, type PasskeySummary } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus, TextField } from '../components/forms';
import { usePasskeyCeremonies } from '../passkeys/usePasskeys';
import { usePlatform } from '../platform/PlatformContext';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { useSession } from '../session/SessionContext';
import { isStepUpCancelled, useStepUp } from '../stepUp/useStepUp';
import { SettingsSection } from './SettingsSection';

const t = PASSKEY_TEXTS.section;

/** 設定 › パスキー: add several, name them, rename and remove them. */
export function PasskeysSection() {
  const { call } = useApi();
  const platform = usePlatform();
  const ceremonies = usePasskeyCeremonies();
  const { user, signIn } = useSession();
  const queryClient = useQueryClient();
  const passkeys = useEndpointQuery('passkeys.list');
  const list = passkeys.data?.passkeys ?? [];
  const [name, setName] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointQueryKey('passkeys.list') });
  const add = useMutation({
    mutationFn: async () => {
      if (!ceremonies) throw new Error(t.unsupported);
      const { options } = await call('passkeys.registerOptions');
      const response = await ceremonies.create(options);
      return call('passkeys.register', { body: { name: name.trim() || t.defaultName(list.length + 1), response } });
    },
  });
  const rename = useMutation({ mutationFn: (edit: { id: string; name: string }) => call('passkeys.rename', { params: { id: edit.id }, body: { name: edit.name } }) });
  const remove = useMutation({ mutationFn: (id: string) => call('passkeys.remove', { params: { id } }) });
  const { withStepUp, dialog: stepUpDialog } = useStepUp();
  const busy = add.isPending || rename.isPending || remove.isPending;

  const run = async (action: () => Promise<{ message: string }>, after?: () => void) => {
    setStatus(null);
    setFailure(null);
    try {
      const answer = await action();
      setStatus(answer.message);
      after?.();
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(errorMessage(error, error instanceof Error ? error.message : t.unsupported));
    } finally {
      void refresh();
    }
  };

  const onAdd = () =>
    run(
      () => add.mutateAsync(),
      () => {
        setName('');
        // A passkey is a second factor: an operator's screens open at once.
        if (user && !user.twoFactor) signIn({ ...user, twoFactor: true });
      },
    );

  const onRemove = async (passkey: PasskeySummary) => {
    // Removing a passkey asks for a recent proof of identity: the step-up dialog, then again.
    if (await platform.confirm(t.removeConfirm(passkey.name))) void run(() => withStepUp(() => remove.mutateAsync(passkey.id)));
  };

  return (
    <SettingsSection title={t.heading}>
      <p>{t.lead}</p>
      <FormStatus message={status} />
      <FormAlert message={failure} />
      <ul className="session-list" aria-label={t.heading}>
        {list.map((passkey) => (
          <li key={passkey.id} className="session-list__item">
            {editing?.id === passkey.id ? (
              <form
                className="form"
                onSubmit={(event) => {
                  event.preventDefault();
                  void run(() => rename.mutateAsync(editing), () => setEditing(null));
                }}
              >
                <TextField label={t.nameLabel} name="passkeyName" value={editing.name} maxLength={PASSKEY_LIMITS.nameMax} onChange={(value) => setEditing({ ...editing, name: value })} />
                <button type="submit" className="button button--small" disabled={busy}>
                  {t.save}
                </button>{' '}
                <button type="button" className="button button--small" onClick={() => setEditing(null)}>
                  {t.cancel}
                </button>
              </form>
            ) : (
              <>
                <p className="session-list__label">{passkey.name}</p>
                <p className="session-list__times">
                  {t.createdAt}: <time dateTime={passkey.createdAt}>{formatDateTimeJa(passkey.createdAt)}</time> / {t.lastUsedAt}:{' '}
                  {passkey.lastUsedAt ? <time dateTime={passkey.lastUsedAt}>{formatDateTimeJa(passkey.lastUsedAt)}</time> : t.neverUsed}
                </p>
                <button type="button" className="button button--small" disabled={busy} aria-label={`${passkey.name}の${t.rename}`} onClick={() => setEditing({ id: passkey.id, name: passkey.name })}>
                  {t.rename}
                </button>{' '}
                <button type="button" className="button button--small" disabled={busy} aria-label={`${passkey.name}を${t.remove}`} onClick={() => void onRemove(passkey)}>
                  {t.remove}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {passkeys.data && list.length === 0 && <p>{t.empty}</p>}
      {ceremonies ? (
        list.length < PASSKEY_LIMITS.perMember && (
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              void onAdd();
            }}
          >
            <TextField label={t.nameLabel} name="newPasskeyName" hint={t.nameHint} value={name} maxLength={PASSKEY_LIMITS.nameMax} onChange={setName} />
            <button type="submit" className="button" disabled={busy}>
              {t.add}
            </button>
          </form>
        )
      ) : (
        <p className="form-info">{t.unsupported}</p>
      )}
      {stepUpDialog}
    </SettingsSection>
  );
}
