import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PAGE_TITLES, ACCOUNT_MESSAGES, ACCOUNT_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { AccountPage, EmailRequestForm } from '../components/forms';
import { useNotice } from '../notice/NoticeContext';
import { PATHS } from '../routes/paths';
import { useForgotPasswordMutation } from '../session/accountMutations';
import { usePlatform } from '../platform/PlatformContext';

const t = ACCOUNT_TEXTS.forgotPassword;

export function ForgotPasswordPage() {
  const platform = usePlatform();
  const forgot = useForgotPasswordMutation();
  const navigate = useNavigate();
  const { showNotice } = useNotice();
  const [error, setError] = useState<string | null>(null);

  const send = async (email: string) => {
    setError(null);
    try {
      const response = await forgot.mutateAsync(email);
      const message = response?.message || ACCOUNT_MESSAGES.forgotPasswordSent;
      platform.alert(message);
      showNotice(message, 'success');
      navigate(PATHS.login);
    } catch (caught) {
      setError(errorMessage(caught, ACCOUNT_MESSAGES.resetFailed));
    }
  };

  return (
    <AccountPage
      title={PAGE_TITLES.forgotPassword}
      lead={t.lead}
      after={
        <p>
          <Link to={PATHS.login}>{t.toLogin}</Link>
        </p>
      }
    >
      <EmailRequestForm submitLabel={t.submit} send={send} error={error} />
    </AccountPage>
  );
}
