import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { COMMON_TEXTS, PAGE_TITLES, ACCOUNT_MESSAGES, ACCOUNT_TEXTS } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { AccountPage, EmailRequestForm, FormStatus } from '../components/forms';
import { useNotice } from '../notice/NoticeContext';
import { PATHS } from '../routes/paths';
import { usePlatform } from '../platform/PlatformContext';

const t = ACCOUNT_TEXTS.verifyEmail;

type Phase = 'verifying' | 'failed' | 'noToken' | 'resend';

function emailFromState(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * Opened from the link in the confirmation mail (?token=...), or from the login page with ?resend=1
 * when the address is not confirmed yet.
 */
export function VerifyEmailPage() {
  const platform = usePlatform();
  const { auth } = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const { showNotice } = useNotice();
  const [params] = useSearchParams();
  const token = params.get('token');
  const wantsResend = params.get('resend') === '1';
  const [phase, setPhase] = useState<Phase>(token ? 'verifying' : wantsResend ? 'resend' : 'noToken');
  const [resendError, setResendError] = useState<string | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  // A link is single-use: verifying it twice (StrictMode, a re-render) would report the second try as a failure.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const key = token ?? (wantsResend ? 'resend' : 'none');
    if (handled.current === key) return;
    handled.current = key;
    if (!token) {
      setPhase(wantsResend ? 'resend' : 'noToken');
      if (!wantsResend) platform.alert(ACCOUNT_MESSAGES.verifyInvalidToken);
      return;
    }
    setPhase('verifying');
    auth.verifyEmail(token).then(
      () => {
        platform.alert(ACCOUNT_MESSAGES.verifySucceeded);
        showNotice(ACCOUNT_MESSAGES.verifySucceeded, 'success');
        navigate(PATHS.login, { replace: true });
      },
      (error: unknown) => {
        // 409: the link was used already and the address is confirmed, so the member only needs to log in.
        if (isApiError(error) && error.status === 409) {
          platform.alert(ACCOUNT_MESSAGES.verifyAlreadyDone);
          showNotice(ACCOUNT_MESSAGES.verifyAlreadyDone, 'info');
          navigate(PATHS.login, { replace: true });
          return;
        }
        platform.alert(ACCOUNT_MESSAGES.verifyFailed);
        setPhase('failed');
      },
    );
  }, [auth, navigate, showNotice, token, wantsResend, platform]);

  const resend = async (email: string) => {
    setResendError(null);
    setResent(null);
    try {
      const response = await auth.resendVerification(email);
      setResent(response?.message || ACCOUNT_MESSAGES.verificationResent);
    } catch (error) {
      setResendError(errorMessage(error, COMMON_TEXTS.genericError));
    }
  };

  if (phase === 'verifying') {
    return (
      <AccountPage title={PAGE_TITLES.verifyEmail}>
        <p role="status" className="form-info">
          {t.verifying}
        </p>
      </AccountPage>
    );
  }

  const problem = phase === 'failed' ? ACCOUNT_MESSAGES.verifyFailed : phase === 'noToken' ? ACCOUNT_MESSAGES.verifyInvalidToken : null;
  return (
    <AccountPage
      title={PAGE_TITLES.verifyEmail}
      after={
        <p>
          <Link to={PATHS.login}>{t.toLogin}</Link>
        </p>
      }
    >
      {problem && <p className="form-problem">{problem}</p>}
      <h2 className="account-card__heading">{t.resendHeading}</h2>
      <p>{t.resendLead}</p>
      <EmailRequestForm initialEmail={emailFromState(location.state)} submitLabel={t.resendSubmit} send={resend} error={resendError}>
        <FormStatus message={resent} />
      </EmailRequestForm>
    </AccountPage>
  );
}
