import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PAGE_TITLES, ACCOUNT_MESSAGES, ACCOUNT_TEXTS, LIMITS, signupSchema } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { AccountPage, CheckboxField, fieldErrorsFromIssues, focusFirstError, FormAlert, SubmitButton, TextField, type FieldErrors } from '../components/forms';
import { useNotice } from '../notice/NoticeContext';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS } from '../routes/paths';

const t = ACCOUNT_TEXTS;
const FIELD_ORDER = ['email', 'password', 'agreedToTerms'] as const;

export function SignupPage() {
  const platform = usePlatform();
  const { auth } = useApi();
  const navigate = useNavigate();
  const { showNotice } = useNotice();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = signupSchema.safeParse({ email, password, agreedToTerms: agreed });
    if (!parsed.success) {
      const found = fieldErrorsFromIssues(parsed.error.issues);
      setErrors(found);
      focusFirstError(formRef.current, found, FIELD_ORDER);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await auth.signup(parsed.data);
      setEmail('');
      setPassword('');
      setAgreed(false);
      platform.alert(ACCOUNT_MESSAGES.signupSucceeded);
      showNotice(ACCOUNT_MESSAGES.signupSucceeded, 'success');
      navigate(PATHS.login);
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      const message = errorMessage(error, ACCOUNT_MESSAGES.signupFailed);
      setErrors(fields);
      // A message already shown next to its field need not be repeated above the form.
      setFormError(Object.values(fields).includes(message) ? null : message);
      setBusy(false);
      focusFirstError(formRef.current, fields, FIELD_ORDER);
    }
  };

  // On the web the terms open in a new tab so what has been typed here is not lost.
  const newTab = platform.kind === 'web' ? ({ target: '_blank', rel: 'noopener' } as const) : {};

  return (
    <AccountPage
      title={PAGE_TITLES.signup}
      lead={t.signup.lead}
      after={
        <p>
          {t.signup.haveAccount}
          <Link to={PATHS.login}>{t.signup.toLogin}</Link>
        </p>
      }
    >
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormAlert message={formError} />
        <TextField
          label={t.fields.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={LIMITS.emailMax}
          placeholder={t.emailPlaceholder}
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <TextField
          label={t.fields.password}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={setPassword}
          error={errors.password}
          hint={t.passwordRule}
        />
        <CheckboxField name="agreedToTerms" checked={agreed} onChange={setAgreed} error={errors.agreedToTerms} required>
          {t.signup.agreeBeforeLink}
          <Link to={PATHS.termsOfService} {...newTab}>
            {t.signup.termsLink}
          </Link>
          {t.signup.agreeAfterLink}
        </CheckboxField>
        <p className="form__note">
          {t.signup.privacyNote}
          <Link to={PATHS.privacyPolicy} {...newTab}>
            {t.signup.privacyLink}
          </Link>
          {t.signup.privacyAfterLink}
        </p>
        <SubmitButton busy={busy}>{t.signup.submit}</SubmitButton>
      </form>
    </AccountPage>
  );
}
