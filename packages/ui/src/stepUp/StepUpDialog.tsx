import { useRef, useState, type FormEvent } from 'react';
import { COMMON_TEXTS, STEP_UP_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, TextField } from '../components/forms';
import { PasskeyCeremonyError } from '../passkeys/passkeyCeremonies';
import { usePasskeyCeremonies } from '../passkeys/usePasskeys';
import { useSession } from '../session/SessionContext';
import { ModalDialog } from '../taxonomy/ModalDialog';

const t = STEP_UP_TEXTS;

/**
 * 本人確認: the password, with the code when two-factor sign-in is on, or a passkey where the
 * browser (or the desktop app) has one. Confirmed, the session's proof is fresh and the caller retries.
 */
export function StepUpDialog({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const { call } = useApi();
  const { user } = useSession();
  const ceremonies = usePasskeyCeremonies();
  const withCode = Boolean(user?.twoFactor);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const attempt = async (proof: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await proof();
      onConfirmed();
    } catch (error) {
      setBusy(false);
      setFailure(error instanceof PasskeyCeremonyError ? error.message : errorMessage(error, COMMON_TEXTS.genericError));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void attempt(() => call('stepUp.confirm', { body: { password, ...(code.trim() ? { code } : {}) } }));
  };
  const withPasskey = () =>
    attempt(async () => {
      if (!ceremonies) return;
      const { options } = await call('auth.passkeyOptions', {});
      await call('passkeys.stepUp', { body: { response: await ceremonies.get(options) } });
    });

  return (
    <ModalDialog title={t.title} onClose={onCancel} className="modal--confirm">
      <form ref={formRef} onSubmit={submit} noValidate>
        <p>{withCode ? t.introWithCode : t.intro}</p>
        <FormAlert message={failure} />
        <TextField label={t.password} name="stepUpPassword" type="password" autoComplete="current-password" value={password} onChange={setPassword} disabled={busy} />
        {withCode && <TextField label={t.code} name="stepUpCode" autoComplete="one-time-code" value={code} onChange={setCode} disabled={busy} />}
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t.submitting : t.submit}
          </button>
        </div>
        {ceremonies && (
          <>
            <p>{t.orPasskey}</p>
            <button type="button" className="button" onClick={() => void withPasskey()} disabled={busy}>
              {t.usePasskey}
            </button>
          </>
        )}
      </form>
    </ModalDialog>
  );
}
