import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PAGE_TITLES, ACCOUNT_MESSAGES, ACCOUNT_TEXTS, LIMITS, loginSchema, PASSKEY_TEXTS, TIMINGS, TWO_FACTOR_SETUP_PATH, type LoginInput, type LoginResponse, isOperatorRole } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { AccountPage, FormAlert, FormStatus, schemaCheck, SubmitButton, TextField, guardSubmit, useSchemaForm } from '../components/forms';
import { useNotice } from '../notice/NoticeContext';
import { OPERATOR_HOME } from '../operator/operatorMenu';
import { usePlatform } from '../platform/PlatformContext';
import { LoginCodeStep } from '../security/LoginCodeStep';
import { PasskeySignInButton } from '../passkeys/PasskeySignInButton';
import { PATHS } from '../routes/paths';
import { afterLoginPath, internalPath, returnPathFrom, type LoginRedirectState } from '../session/returnTo';
import { useLoginMutation } from '../session/accountMutations';
import { useSession } from '../session/SessionContext';

const t = ACCOUNT_TEXTS;
const FIELD_ORDER = ['email', 'password'] as const;
const checkLogin = schemaCheck<LoginInput>(loginSchema);

function guardNotice(state: unknown): string | null {
  const reason = (state as LoginRedirectState | null)?.reason;
  if (reason === 'expired') return ACCOUNT_MESSAGES.sessionInvalid;
  if (reason === 'required') return t.login.noticeRequired;
  return null;
}

export function LoginPage() {
  const login = useLoginMutation();
  const { signIn } = useSession();
  const { showNotice } = useNotice();
  const navigate = useNavigate();
  const location = useLocation();
  // The desktop app is operator mode: no sign-up, no tutorial, and the operators' screens after login.
  const operatorMode = usePlatform().kind === 'desktop';
  const { formRef, values, errors, setField, submitWith } = useSchemaForm<LoginInput>({
    defaultValues: { email: '', password: '' },
    check: checkLogin,
    order: FIELD_ORDER,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Busy from the click until the next screen: a success navigates away without leaving the state.
  const [busy, setBusy] = useState(false);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // The second step's ways (issue 21: the code; issue 35: a passkey), null during the password step.
  const [codeStep, setCodeStep] = useState<{ code: boolean; passkey: boolean } | null>(null);

  const finishLogin = (response: LoginResponse) => {
    signIn({ publicId: response.publicId, tutorial: response.tutorial, role: response.role, twoFactor: response.twoFactor });
    showNotice(ACCOUNT_MESSAGES.loginSucceeded, 'success');
    const returnPath = returnPathFrom(location.state);
    // An operator without two-factor sign-in can do nothing as an operator until it is set up.
    const needsTwoFactor = isOperatorRole(response.role) && !response.twoFactor;
    const home = operatorMode ? (returnPath ?? OPERATOR_HOME) : afterLoginPath(response, returnPath);
    navigate(needsTwoFactor ? TWO_FACTOR_SETUP_PATH : home, { replace: true });
  };

  const send = async (input: LoginInput) => {
    const parsed = loginSchema.parse(input);
    setBusy(true);
    try {
      const response = await login.mutateAsync(parsed);
      if ('twoFactorRequired' in response) {
        // The password was right; the code comes next.
        setBusy(false);
        setCodeStep(response.methods);
        return;
      }
      finishLogin(response);
    } catch (error) {
      setBusy(false);
      setFormError(errorMessage(error, ACCOUNT_MESSAGES.loginFailed));
      // docs/product.md §8: a 403 (e.g. an unconfirmed address) is shown, then after 2 s the server's page opens.
      const target = isApiError(error) && error.status === 403 ? internalPath(error.redirectUrl, window.location.origin) : null;
      if (target && isApiError(error)) {
        setMoving(error.code === 'email_not_verified' ? t.login.notVerifiedMoving : t.login.movingSoon);
        redirectTimer.current = setTimeout(() => navigate(target, { state: { email: parsed.email } }), TIMINGS.loginForbiddenRedirectMs);
      }
    }
  };

  const submit = submitWith(send);
  const onSubmit = guardSubmit(submit, busy || moving !== null, () => setFormError(null));

  return (
    <AccountPage
      title={PAGE_TITLES.login}
      lead={t.login.lead}
      after={
        operatorMode ? undefined : (
          <>
            <p>
              {t.login.noAccount}
              <Link to={PATHS.signup}>{t.login.toSignup}</Link>
            </p>
            <p>
              <Link to={PATHS.forgotPassword}>{t.login.forgot}</Link>
            </p>
          </>
        )
      }
    >
      {guardNotice(location.state) && <p className="form-info">{guardNotice(location.state)}</p>}
      {codeStep ? (
        <>
          {codeStep.passkey && (
            <PasskeySignInButton label={PASSKEY_TEXTS.login.secondStep} lead={PASSKEY_TEXTS.login.secondStepLead} onSignedIn={finishLogin} />
          )}
          {codeStep.code && (
            <LoginCodeStep
              onSignedIn={finishLogin}
              onStartOver={() => {
                setCodeStep(null);
                setField('password', '');
              }}
            />
          )}
        </>
      ) : (
      <>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormAlert message={formError} />
        <FormStatus message={moving} />
        <TextField
          label={t.fields.email}
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={LIMITS.emailMax}
          value={values.email}
          onChange={(value) => setField('email', value)}
          error={errors.email}
        />
        <TextField
          label={t.fields.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(value) => setField('password', value)}
          error={errors.password}
        />
        <SubmitButton busy={busy || Boolean(moving)}>{t.login.submit}</SubmitButton>
      </form>
      <PasskeySignInButton label={PASSKEY_TEXTS.login.signIn} lead={PASSKEY_TEXTS.login.signInLead} onSignedIn={finishLogin} />
      </>
      )}
    </AccountPage>
  );
}
