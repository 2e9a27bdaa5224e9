import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { formatDateTimeJa, MODERATION_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { createModerationApi } from '../api/moderationApi';
import { FormAlert, FormStatus } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { PATHS } from '../routes/paths';
import { enquiryChanged, type EnquiryListState } from './EnquiriesPage';
import { OperatorGate } from './OperatorGate';

const t = MODERATION_TEXTS.enquiries;
const c = MODERATION_TEXTS.common;

/** /moderation/enquiries/:id: one enquiry in full, marked handled (or back to open) with one button. */
export function EnquiryDetailPage() {
  return (
    <OperatorGate page={MODERATION_TEXTS.titles.enquiry}>
      <EnquiryDetail />
    </OperatorGate>
  );
}

function EnquiryDetail() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const api = useMemo(() => createModerationApi(client), [client]);
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const location = useLocation();
  const listSearch = (location.state as Partial<EnquiryListState> | null)?.listSearch ?? '';
  // Operators' data is read again each time it is shown (another operator may have handled it).
  const input = useMemo(() => ({ params: { id } }), [id]);
  const loaded = useEndpointQuery('enquiries.get', input, { staleTime: 0 });
  const enquiry = loaded.data ?? null;
  const loadError = loaded.isError ? errorMessage(loaded.error, c.loadFailed) : null;
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const toggle = async () => {
    if (!enquiry || saving) return;
    setSaving(true);
    setNotice(null);
    setActionError(null);
    try {
      const answer = await api.setEnquiryHandled(enquiry._id, enquiry.handledAt === null);
      queryClient.setQueryData(endpointQueryKey('enquiries.get', input), answer.enquiry);
      enquiryChanged(queryClient, answer.enquiry);
      setNotice(answer.message);
    } catch (error) {
      setActionError(errorMessage(error, c.actionFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page page--narrow moderation">
      <PageTitle page={MODERATION_TEXTS.titles.enquiry} />
      <p>
        <Link to={`${PATHS.enquiries}${listSearch}`}>{t.backToList}</Link>
      </p>
      <h1 className="page__title">{MODERATION_TEXTS.titles.enquiry}</h1>
      <FormAlert message={loadError ?? actionError} />
      {loadError && <p>{t.notFoundHint}</p>}
      {!enquiry && !loadError && (
        <p role="status" className="moderation__loading">
          {c.loading}
        </p>
      )}
      {enquiry && (
        <>
          <dl className="enquiry__facts">
            <div>
              <dt>{t.category}</dt>
              <dd>{enquiry.categoryLabel}</dd>
            </div>
            <div>
              <dt>{t.receivedAt}</dt>
              <dd>
                <time dateTime={enquiry.createdAt}>{formatDateTimeJa(enquiry.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>{t.name}</dt>
              <dd>{enquiry.name ?? t.notGiven}</dd>
            </div>
            <div>
              <dt>{t.email}</dt>
              <dd className="enquiry__email">{enquiry.email ?? t.notGiven}</dd>
            </div>
            <div>
              <dt>{t.sender}</dt>
              <dd>{enquiry.memberPublicId ? t.member(enquiry.memberPublicId) : t.visitor}</dd>
            </div>
            <div>
              <dt>{t.state}</dt>
              <dd>{enquiry.handledAt ? t.handledAt(formatDateTimeJa(enquiry.handledAt)) : t.open}</dd>
            </div>
          </dl>
          <h2 className="moderation__subheading">{t.content}</h2>
          <p className="enquiry__content">{enquiry.content}</p>
          <FormStatus message={notice} />
          <div className="moderation__actions">
            <button
              type="button"
              className={`button ${enquiry.handledAt ? 'button--ghost' : 'button--primary'}`}
              onClick={() => void toggle()}
              // aria-disabled rather than disabled: the focus stays on the button while its label changes.
              aria-disabled={saving}
            >
              {enquiry.handledAt ? t.markOpen : t.markHandled}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
