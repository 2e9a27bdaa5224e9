import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { NOTIFICATION_MESSAGES, NOTIFICATION_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus } from '../components/forms';
import { PageTitle } from '../components/PageTitle';

const t = NOTIFICATION_TEXTS;

/**
 * /notifications/unsubscribe?token=…, the digest's link: one button, no sign-in (the token is the proof).
 * A mail client's one-click (List-Unsubscribe-Post) reaches the same endpoint without this page.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { call } = useApi();
  const unsubscribe = useMutation({ mutationFn: () => call('notifications.unsubscribe', { query: { token } }) });
  return (
    <div className="page page--narrow">
      <PageTitle page={t.unsubscribeTitle} />
      <h1 className="page__title">{t.unsubscribeTitle}</h1>
      <p className="page__lead">{t.unsubscribeLead}</p>
      <FormAlert message={unsubscribe.isError ? errorMessage(unsubscribe.error, NOTIFICATION_MESSAGES.unsubscribeInvalid) : null} />
      <FormStatus message={unsubscribe.isSuccess ? unsubscribe.data.message : null} />
      {!unsubscribe.isSuccess && (
        <button type="button" className="button button--primary" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {t.unsubscribeButton}
        </button>
      )}
    </div>
  );
}
