import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PAGE_TITLES, ACCOUNT_MESSAGES, ACCOUNT_TEXTS, passwordSchema } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { AccountPage, focusFirstError, FormAlert, hasErrors, SubmitButton, TextField, type FieldErrors } from '../components/forms';
import { useNotice } from '../notice/NoticeContext';
import { PATHS } from '../routes/paths';
import { usePlatform } from '../platform/PlatformContext';

const t = ACCOUNT_TEXTS;
const FIELD_ORDER = ['newPassword', 'newPasswordAgain'] as const;

export function ResetPasswordPage() {
  const platform = usePlatform();
  const { auth } = useApi();
  const navigate = useNavigate();
  const { showNotice } = useNotice();
  const [params] = useSearchParams();
  const token = params.get('token');
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = passwordSchema.safeParse(password);
    const found: FieldErrors = {
      newPassword: parsed.success ? undefined : parsed.error.issues[0]?.message,
      newPasswordAgain: parsed.success && password !== again ? ACCOUNT_MESSAGES.passwordsDoNotMatch : undefined,
    };
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(formRef.current, found, FIELD_ORDER);
      return;
    }
    setBusy(true);
    try {
      const response = await auth.resetPassword(token, password);
      const message = response?.message || ACCOUNT_MESSAGES.resetSucceeded;
      platform.alert(message);
      showNotice(message, 'success');
      navigate(PATHS.login, { replace: true });
    } catch (error) {
      setBusy(false);
      setFormError(errorMessage(error, ACCOUNT_MESSAGES.resetFailed));
    }
  };

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
          value={password}
          onChange={setPassword}
          error={errors.newPassword}
          hint={t.passwordRule}
        />
        <TextField
          label={t.fields.newPasswordAgain}
          name="newPasswordAgain"
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={setAgain}
          error={errors.newPasswordAgain}
          hint={t.newPasswordAgainHint}
        />
        <SubmitButton busy={busy}>{t.resetPassword.submit}</SubmitButton>
      </form>
    </AccountPage>
  );
}
