import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PAGE_TITLES, ACCOUNT_MESSAGES, ACCOUNT_TEXTS, TIMINGS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { AccountPage, CheckboxField, focusFirstError, FormAlert, hasErrors, SubmitButton, TextField, type FieldErrors } from '../components/forms';
import { useNotice } from '../notice/NoticeContext';
import { PATHS } from '../routes/paths';
import { useSession } from '../session/SessionContext';

const t = ACCOUNT_TEXTS;
const FIELD_ORDER = ['password', 'confirmed'] as const;

type Phase = 'idle' | 'deleting' | 'deleted';

/** Asks the browser to confirm closing the tab while the deletion is still running (docs/product.md §4). */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

function DeletingOverlay({ slow }: { slow: boolean }) {
  const headingId = useId();
  const headingRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby={headingId} aria-busy="true">
      <div className="overlay__panel">
        <span className="spinner" aria-hidden="true" />
        <p id={headingId} ref={headingRef} tabIndex={-1} className="overlay__title">
          {t.deleteAccount.deleting}
        </p>
        <p>{t.deleteAccount.deletingNote}</p>
        <div role="alert">{slow && <p className="form-problem">{ACCOUNT_MESSAGES.deleteSlow}</p>}</div>
      </div>
    </div>
  );
}

export function DeleteAccountPage() {
  const { auth } = useApi();
  const { clear } = useSession();
  const { showNotice } = useNotice();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [slow, setSlow] = useState(false);
  const [doneMessage, setDoneMessage] = useState('');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useLeaveWarning(phase === 'deleting');
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    setFormError(null);
    const found: FieldErrors = {
      password: password ? undefined : ACCOUNT_MESSAGES.passwordRequired,
      confirmed: confirmed ? undefined : ACCOUNT_MESSAGES.deleteConfirmRequired,
    };
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(formRef.current, found, FIELD_ORDER);
      return;
    }

    setPhase('deleting');
    setSlow(false);
    const slowTimer = setTimeout(() => setSlow(true), TIMINGS.deleteAccountSlowMs);
    timers.current.push(slowTimer);
    try {
      const response = await auth.deleteAccount(password);
      clearTimeout(slowTimer);
      setPassword('');
      setDoneMessage(response?.message || ACCOUNT_MESSAGES.deleteSucceeded);
      setPhase('deleted');
      timers.current.push(
        setTimeout(() => {
          showNotice(ACCOUNT_MESSAGES.deleteSucceeded, 'success');
          clear({ leaving: true });
          navigate(PATHS.home, { replace: true });
        }, TIMINGS.deleteAccountRedirectMs),
      );
    } catch (error) {
      clearTimeout(slowTimer);
      setPhase('idle');
      setFormError(errorMessage(error, ACCOUNT_MESSAGES.deleteFailed, ACCOUNT_MESSAGES.deleteNoResponse));
    }
  };

  if (phase === 'deleted') {
    return (
      <AccountPage title={PAGE_TITLES.deleteAccount}>
        <div role="status">
          <p className="form-success">{doneMessage}</p>
          <p>{t.deleteAccount.redirecting}</p>
        </div>
      </AccountPage>
    );
  }

  return (
    <AccountPage
      title={PAGE_TITLES.deleteAccount}
      before={
        <Link to={PATHS.profile} className="button button--ghost back-button">
          <span aria-hidden="true" className="back-button__arrow">
            ←
          </span>
          {t.deleteAccount.back}
        </Link>
      }
    >
      <p className="form-warning">{t.deleteAccount.lead}</p>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormAlert message={formError} />
        <TextField
          label={t.fields.currentPassword}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <CheckboxField name="confirmed" checked={confirmed} onChange={setConfirmed} error={errors.confirmed} required>
          {t.deleteAccount.confirm}
        </CheckboxField>
        <SubmitButton busy={phase === 'deleting'} variant="danger">
          {t.deleteAccount.submit}
        </SubmitButton>
      </form>
      {phase === 'deleting' && <DeletingOverlay slow={slow} />}
    </AccountPage>
  );
}
