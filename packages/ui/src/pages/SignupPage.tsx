import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PAGE_TITLES, ACCOUNT_MESSAGES, ACCOUNT_TEXTS, LIMITS, signupSchema, type SignupInput } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { AccountPage, CheckboxField, FormAlert, schemaCheck, SubmitButton, TextField, guardSubmit, useSchemaForm } from '../components/forms';
import { useNotice } from '../notice/NoticeContext';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS } from '../routes/paths';
import { useSignupMutation } from '../session/accountMutations';

const t = ACCOUNT_TEXTS;
const FIELD_ORDER = ['email', 'password', 'agreedToTerms'] as const;
/** What the form holds: the box starts unticked, which the schema refuses. */
type SignupValues = Omit<SignupInput, 'agreedToTerms'> & { agreedToTerms: boolean };
const checkSignup = schemaCheck<SignupValues>(signupSchema);

export function SignupPage() {
  const platform = usePlatform();
  const signup = useSignupMutation();
  const navigate = useNavigate();
  const { showNotice } = useNotice();
  const { form, formRef, values, errors, setField, submitWith, showFieldErrors } = useSchemaForm<SignupValues>({
    defaultValues: { email: '', password: '', agreedToTerms: false },
    check: checkSignup,
    order: FIELD_ORDER,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const busy = signup.isPending;

  const send = async (input: SignupValues) => {
    try {
      await signup.mutateAsync(signupSchema.parse(input));
      form.reset();
      platform.alert(ACCOUNT_MESSAGES.signupSucceeded);
      showNotice(ACCOUNT_MESSAGES.signupSucceeded, 'success');
      navigate(PATHS.login);
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      const message = errorMessage(error, ACCOUNT_MESSAGES.signupFailed);
      showFieldErrors(fields);
      // A message already shown next to its field need not be repeated above the form.
      setFormError(Object.values(fields).includes(message) ? null : message);
    }
  };
  const submit = submitWith(send);
  const onSubmit = guardSubmit(submit, busy, () => setFormError(null));

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
          value={values.email}
          onChange={(value) => setField('email', value)}
          error={errors.email}
        />
        <TextField
          label={t.fields.password}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(value) => setField('password', value)}
          error={errors.password}
          hint={t.passwordRule}
        />
        <CheckboxField name="agreedToTerms" checked={values.agreedToTerms} onChange={(value) => setField('agreedToTerms', value)} error={errors.agreedToTerms} required>
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
