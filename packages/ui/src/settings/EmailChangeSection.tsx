import { useState, type FormEvent } from 'react';
import { COMMON_TEXTS, EMAIL_CHANGE_TEXTS, changeEmailSchema } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus, TextField } from '../components/forms';
import { isStepUpCancelled, useStepUp } from '../stepUp/useStepUp';
import { SettingsSection } from './SettingsSection';

const t = EMAIL_CHANGE_TEXTS;

/**
 * 設定 › メールアドレスの変更: asks for a recent proof of identity (the step-up dialog), then
 * mails a link to the new address; the address changes when that link is opened.
 */
export function EmailChangeSection() {
  const { call } = useApi();
  const { withStepUp, dialog } = useStepUp();
  const [newEmail, setNewEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setStatus(null);
    const checked = changeEmailSchema.safeParse({ newEmail });
    setFieldError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    setBusy(true);
    try {
      const answer = await withStepUp(() => call('account.changeEmail', { body: checked.data }));
      setStatus(answer.message);
      setNewEmail('');
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(errorMessage(error, COMMON_TEXTS.genericError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection title={t.heading}>
      <p>{t.intro}</p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <FormStatus message={status} />
        <FormAlert message={failure} />
        <TextField label={t.newEmail} name="newEmail" type="email" autoComplete="email" value={newEmail} onChange={setNewEmail} error={fieldError} required />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
      </form>
      {dialog}
    </SettingsSection>
  );
}
