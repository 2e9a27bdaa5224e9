import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PAGE_TITLES, ACCOUNT_MESSAGES, ACCOUNT_TEXTS, passwordSchema } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { AccountPage, FormAlert, SubmitButton, TextField, guardSubmit, useSchemaForm, type FieldErrors } from '../components/forms';
import { useNotice } from '../notice/NoticeContext';
import { PATHS } from '../routes/paths';
import { useResetPasswordMutation } from '../session/accountMutations';
import { usePlatform } from '../platform/PlatformContext';

const t = ACCOUNT_TEXTS;
const FIELD_ORDER = ['newPassword', 'newPasswordAgain'] as const;

interface ResetValues {
  newPassword: string;
  newPasswordAgain: string;
}

/** The shared password rule; the second entry is only compared once the first passes. */
function checkReset({ newPassword, newPasswordAgain }: ResetValues): FieldErrors {
  const parsed = passwordSchema.safeParse(newPassword);
  return {
    newPassword: parsed.success ? undefined : parsed.error.issues[0]?.message,
    newPasswordAgain: parsed.success && newPassword !== newPasswordAgain ? ACCOUNT_MESSAGES.passwordsDoNotMatch : undefined,
  };
}

export function ResetPasswordPage() {
  const platform = usePlatform();
  const reset = useResetPasswordMutation();
  const navigate = useNavigate();
  const { showNotice } = useNotice();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { formRef, values, errors, setField, submitWith } = useSchemaForm<ResetValues>({
    defaultValues: { newPassword: '', newPasswordAgain: '' },
    check: checkReset,
    order: FIELD_ORDER,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!token) {
    return (
      <AccountPage title={PAGE_TITLES.resetPassword}>
        <p role="alert" className="form-problem">
          {ACCOUNT_MESSAGES.resetInvalidToken}
        </p>
        <p>
          <Link to={PATHS.forgotPassword} className="button button--primary button--block">
            {t.resetPassword.retry}
          </Link>
        </p>
      </AccountPage>
    );
  }

  const submit = submitWith(async ({ newPassword }: ResetValues) => {
    setBusy(true);
    try {
      const response = await reset.mutateAsync({ token, newPassword });
      const message = response?.message || ACCOUNT_MESSAGES.resetSucceeded;
      platform.alert(message);
      showNotice(message, 'success');
      navigate(PATHS.login, { replace: true });
    } catch (error) {
      setBusy(false);
      setFormError(errorMessage(error, ACCOUNT_MESSAGES.resetFailed));
    }
  });
  const onSubmit = guardSubmit(submit, busy, () => setFormError(null));

  return (
    <AccountPage
      title={PAGE_TITLES.resetPassword}
      lead={t.resetPassword.lead}
      after={
        <p>
          <Link to={PATHS.forgotPassword}>{t.resetPassword.retry}</Link>
        </p>
      }
    >
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormAlert message={formError} />
        <TextField
          label={t.fields.newPassword}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={(value) => setField('newPassword', value)}
          error={errors.newPassword}
          hint={t.passwordRule}
        />
        <TextField
          label={t.fields.newPasswordAgain}
          name="newPasswordAgain"
          type="password"
          autoComplete="new-password"
          required
          value={values.newPasswordAgain}
          onChange={(value) => setField('newPasswordAgain', value)}
          error={errors.newPasswordAgain}
          hint={t.newPasswordAgainHint}
        />
        <SubmitButton busy={busy}>{t.resetPassword.submit}</SubmitButton>
      </form>
    </AccountPage>
  );
}
