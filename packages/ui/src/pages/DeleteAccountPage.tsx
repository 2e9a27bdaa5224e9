import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PAGE_TITLES, ACCOUNT_MESSAGES, ACCOUNT_TEXTS, deleteAccountSchema, TIMINGS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { AccountPage, CheckboxField, FormAlert, schemaCheck, SubmitButton, TextField, guardSubmit, useSchemaForm, type FieldErrors } from '../components/forms';
import { useNotice } from '../notice/NoticeContext';
import { PATHS } from '../routes/paths';
import { useDeleteAccountMutation } from '../session/accountMutations';
import { useSession } from '../session/SessionContext';
import { isStepUpCancelled, useStepUp } from '../stepUp/useStepUp';

const t = ACCOUNT_TEXTS;
const FIELD_ORDER = ['password', 'confirmed'] as const;

type Phase = 'idle' | 'deleting' | 'deleted';

interface DeleteValues {
  password: string;
  /** The box saying the member understands; the screen's own, the server never sees it. */
  confirmed: boolean;
}

const checkPassword = schemaCheck<DeleteValues>(deleteAccountSchema);
const checkDelete = (values: DeleteValues): FieldErrors => ({
  ...checkPassword(values),
  confirmed: values.confirmed ? undefined : ACCOUNT_MESSAGES.deleteConfirmRequired,
});

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
  const deleteAccount = useDeleteAccountMutation();
  const { clear } = useSession();
  const { showNotice } = useNotice();
  const navigate = useNavigate();
  const { form, formRef, values, errors, setField, submitWith } = useSchemaForm<DeleteValues>({
    defaultValues: { password: '', confirmed: false },
    check: checkDelete,
    order: FIELD_ORDER,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [slow, setSlow] = useState(false);
  const [doneMessage, setDoneMessage] = useState('');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  // Issue 35: deleting asks for a recent proof of identity; the dialog replaces the overlay meanwhile.
  const { withStepUp, dialog: stepUpDialog, asking } = useStepUp();
  useLeaveWarning(phase === 'deleting' && !asking);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const submit = submitWith(async ({ password }: DeleteValues) => {
    setPhase('deleting');
    setSlow(false);
    const slowTimer = setTimeout(() => setSlow(true), TIMINGS.deleteAccountSlowMs);
    timers.current.push(slowTimer);
    try {
      const response = await withStepUp(() => deleteAccount.mutateAsync(password));
      clearTimeout(slowTimer);
      form.setValue('password', '');
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
      // Closed without proving: nothing was deleted, and there is nothing to tell.
      if (isStepUpCancelled(error)) return;
      setFormError(errorMessage(error, ACCOUNT_MESSAGES.deleteFailed, ACCOUNT_MESSAGES.deleteNoResponse));
    }
  });
  const onSubmit = guardSubmit(submit, phase !== 'idle', () => setFormError(null));

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
          value={values.password}
          onChange={(value) => setField('password', value)}
          error={errors.password}
        />
        <CheckboxField name="confirmed" checked={values.confirmed} onChange={(value) => setField('confirmed', value)} error={errors.confirmed} required>
          {t.deleteAccount.confirm}
        </CheckboxField>
        <SubmitButton busy={phase === 'deleting'} variant="danger">
          {t.deleteAccount.submit}
        </SubmitButton>
      </form>
      {phase === 'deleting' && !asking && <DeletingOverlay slow={slow} />}
      {stepUpDialog}
    </AccountPage>
  );
}
