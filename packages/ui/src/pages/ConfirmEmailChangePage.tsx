import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EMAIL_CHANGE_MESSAGES, EMAIL_CHANGE_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { AccountPage, FormAlert, FormStatus } from '../components/forms';
import { PATHS } from '../routes/paths';

const t = EMAIL_CHANGE_TEXTS;

/** Opened from the link mailed to the new address: sends its token once and says how it went. */
export function ConfirmEmailChangePage() {
  const { call } = useApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(token ? null : EMAIL_CHANGE_MESSAGES.linkInvalid);
  // A link is single-use: sending it twice (StrictMode, a re-render) would report the second try as a failure.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    call('account.confirmEmail', { body: { token } }).then(
      (answer) => setDone(answer.message),
      (error: unknown) => setFailure(errorMessage(error, EMAIL_CHANGE_MESSAGES.linkInvalid)),
    );
  }, [call, token]);

  return (
    <AccountPage title={t.pageTitle}>
      {!done && !failure && <p role="status">{t.confirming}</p>}
      <FormStatus message={done} />
      <FormAlert message={failure} />
      <p>
        <Link to={PATHS.settings}>{t.toSettings}</Link>
      </p>
    </AccountPage>
  );
}
