import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { cut, formatDateTimeJa, MODERATION_TEXTS, type EnquiryItem } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { createModerationApi, type EnquiryStatus } from '../api/moderationApi';
import { FormAlert } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { endpointQueryKey } from '../query/endpointQuery';
import { PATHS } from '../routes/paths';
import { ListFooter } from './ListFooter';
import { OperatorGate } from './OperatorGate';
import { useCursorList, type EndlessPage } from '../query/useCursorList';

const t = MODERATION_TEXTS.enquiries;
const c = MODERATION_TEXTS.common;

const STATUSES: readonly EnquiryStatus[] = ['open', 'handled', 'all'];
/** How much of an enquiry the list shows; the whole text is one click away. */
const EXCERPT_CHARS = 80;

/** What the detail page links back to: the list with the filter it was opened from. */
export interface EnquiryListState {
  listSearch: string;
}

/** Here rather than in routes/paths.ts, which every first page loads. */
function enquiryPath(id: number): string {
  return `${PATHS.enquiries}/${id}`;
}

function statusFrom(value: string | null): EnquiryStatus {
  return STATUSES.find((status) => status === value) ?? 'open';
}

function enquiryListKey(status: EnquiryStatus) {
  return endpointQueryKey('enquiries.list', { query: { status } });
}

function belongsTo(status: EnquiryStatus, enquiry: EnquiryItem): boolean {
  return status === 'all' || (status === 'handled') === (enquiry.handledAt !== null);
}

/**
 * After an enquiry was marked handled or reopened: every cached list shows it as it is now, or no longer
 * (the open list loses a handled one at once); the lists are read again when next shown, so one that
 * should now hold it gets it too.
 */
export function enquiryChanged(queryClient: QueryClient, enquiry: EnquiryItem): void {
  for (const status of STATUSES) {
    queryClient.setQueryData<InfiniteData<EndlessPage<EnquiryItem>>>(enquiryListKey(status), (old) =>
      old
        ? {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              items: page.items.flatMap((item) => (item._id !== enquiry._id ? [item] : belongsTo(status, enquiry) ? [enquiry] : [])),
            })),
          }
        : old,
    );
  }
  void queryClient.invalidateQueries({ queryKey: endpointQueryKey('enquiries.list'), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: endpointQueryKey('moderation.auditLog'), refetchType: 'none' });
}

/** /moderation/enquiries: the contact form's enquiries, newest first, open ones unless asked otherwise. */
export function EnquiriesPage() {
  return (
    <OperatorGate page={MODERATION_TEXTS.titles.enquiries}>
      <Enquiries />
    </OperatorGate>
  );
}

function Enquiries() {
  const { client } = useApi();
  const api = useMemo(() => createModerationApi(client), [client]);
  // The filter lives in the address, so coming back from an enquiry shows the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusFrom(searchParams.get('status'));

  const fetchPage = useCallback(
    async (cursor: string | null, signal: AbortSignal): Promise<EndlessPage<EnquiryItem>> => {
      const page = await api.enquiries(status, cursor === null ? null : Number(cursor), signal);
      return { items: page.enquiries, nextCursor: page.nextBefore === null ? null : String(page.nextBefore) };
    },
    [api, status],
  );
  const queryKey = useMemo(() => enquiryListKey(status), [status]);
  const list = useCursorList(queryKey, fetchPage, c.loadFailed);
  const linkState: EnquiryListState = { listSearch: status === 'open' ? '' : `?status=${status}` };

  return (
    <div className="page moderation">
      <PageTitle page={MODERATION_TEXTS.titles.enquiries} />
      <h1 className="page__title">{MODERATION_TEXTS.titles.enquiries}</h1>

      <fieldset className="moderation__filter">
        <legend>{t.filterLabel}</legend>
        {STATUSES.map((value) => (
          <label key={value} className="moderation__radio">
            <input
              type="radio"
              name="enquiry-status"
              value={value}
              checked={status === value}
              onChange={() => setSearchParams(value === 'open' ? {} : { status: value }, { replace: true })}
            />
            {t.statuses[value]}
          </label>
        ))}
      </fieldset>

      <FormAlert message={list.error} />
      {list.items.length === 0 && !list.loading && !list.error && <p>{t.empty[status]}</p>}
      <ol className="moderation__list" aria-label={t.listLabel}>
        {list.items.map((enquiry) => (
          <li key={enquiry._id}>
            <EnquirySummary enquiry={enquiry} state={linkState} />
          </li>
        ))}
      </ol>
      <ListFooter list={list} />
    </div>
  );
}

function EnquirySummary({ enquiry, state }: { enquiry: EnquiryItem; state: EnquiryListState }) {
  const headingId = `enquiry-${enquiry._id}`;
  const received = formatDateTimeJa(enquiry.createdAt);
  return (
    <article aria-labelledby={headingId} className="moderation__item enquiry">
      <h2 id={headingId} className="moderation__item-title">
        <Link to={enquiryPath(enquiry._id)} state={state}>
          {enquiry.categoryLabel}（{received}）
        </Link>
      </h2>
      <p className="enquiry__excerpt">{cut(enquiry.content, EXCERPT_CHARS)}</p>
      <p className="moderation__meta">
        {t.name}: {enquiry.name ?? t.notGiven}・{t.email}: {enquiry.email ?? t.notGiven}
      </p>
      <p className="moderation__badges">
        <span className={`badge${enquiry.handledAt ? '' : ' enquiry__open'}`}>{enquiry.handledAt ? t.handled : t.open}</span>
      </p>
    </article>
  );
}
