import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { AUTOSAVE_TEXTS, LIMITS, newReportFormValues, COMMON_TEXTS, PAGE_TITLES, PROFILE_MESSAGES, REPORT_MESSAGES, REPORT_DETAIL_TEXTS, REPORT_FORM_TEXTS, parseRouteId, reportFormValuesFromDetail, type ReportDetail, type ReportFormValues } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { PageTitle } from '../components/PageTitle';
import { useEndpointQuery } from '../query/endpointQuery';
import { ReportForm, type AutosaveStart } from '../reports/form/ReportForm';
import { useResumedDraft } from '../reports/form/useResumedDraft';
import { useSession } from '../session';
import { useReportTags } from '../reports/form/useReportTags';
import { PATHS, reportPath } from '../routes/paths';
import { usePlatform } from '../platform/PlatformContext';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page report-form-page">
      <PageTitle page={title} />
      <h1 className="page__title">{title}</h1>
      {children}
    </div>
  );
}

function Loading() {
  return <p role="status">{REPORT_FORM_TEXTS.loading}</p>;
}

/** Said once above the form when it continues what was being written. */
function RestoredNote() {
  return <p className="form__note report-form__restored">{AUTOSAVE_TEXTS.restored}</p>;
}

interface Start {
  values: ReportFormValues;
  autosave: AutosaveStart | undefined;
  restored: boolean;
}

/** /create-report: the profile's gender, orientation and role are filled in; without a profile the member is sent to make one. */
export function CreateReportPage() {
  const platform = usePlatform();
  const navigate = useNavigate();
  const tags = useReportTags();
  // The member's own profile, shared with the dashboard's cache; saving the profile invalidates it.
  const own = useEndpointQuery('profile.own');
  const noProfile = own.isError && isApiError(own.error) && own.error.status === 404;
  const told = useRef(false);
  useEffect(() => {
    if (noProfile && !told.current) {
      told.current = true;
      platform.alert(PROFILE_MESSAGES.notSet);
      navigate(PATHS.profile, { replace: true });
    } else if (own.isError && !noProfile) {
      // docs/product.md §8: only logged; the member can still choose the values by hand.
      console.error('profile for the report form failed', own.error);
    }
  }, [noProfile, own.isError, own.error, navigate, platform]);
  // What was being written: the row the address names (set by the form's first autosave) or this device's copy.
  const [search] = useSearchParams();
  const { user } = useSession();
  const resumed = useResumedDraft({ member: user?.publicId ?? '', reportId: null, autosaveId: parseRouteId(search.get('autosave') ?? undefined) });
  // Taken once, from a profile read fresh (not one the cache holds as stale): a later refetch must not reset what is typed.
  const [initial, setInitial] = useState<Start | null>(null);
  if (initial === null && !own.isFetching && !noProfile && !resumed.loading) {
    setInitial({ values: resumed.values ?? newReportFormValues(own.data), autosave: resumed.autosave ?? undefined, restored: resumed.values !== null });
  }

  return (
    <Frame title={PAGE_TITLES.createReport}>
      {initial?.restored && <RestoredNote />}
      {initial && !tags.loading ? <ReportForm mode="create" initial={initial.values} autosave={initial.autosave} tags={tags.tags} tagsProblem={tags.problem} /> : <Loading />}
    </Frame>
  );
}

/** An old report without tools or steps gets the same empty rows a new one starts with. */
function editValues(report: ReportDetail): ReportFormValues {
  const values = reportFormValuesFromDetail(report);
  const fresh = newReportFormValues();
  return {
    ...values,
    tools: values.tools.length > 0 ? values.tools : fresh.tools,
    play: values.play.length > 0 ? values.play : fresh.play.slice(0, LIMITS.initialSteps),
  };
}

/** /edit-report/:id: only the author gets the form; a delete button shows only when deleting is allowed. */
export function EditReportPage() {
  const { id } = useParams();
  const reportId = parseRouteId(id);
  const tags = useReportTags();
  // The same cache entry as the detail page: saving or deleting invalidates it (ReportForm, src/query/reportCache.ts).
  const loaded = useEndpointQuery('reports.get', { params: { id: reportId ?? 0 } }, { enabled: reportId !== null });
  const report = loaded.data;
  const missing = reportId === null || (isApiError(loaded.error) && loaded.error.status === 404);
  const problem = missing
    ? REPORT_MESSAGES.notFound
    : loaded.isError
      ? errorMessage(loaded.error, COMMON_TEXTS.fetchFailed)
      : report && !report.abilities.update
        ? REPORT_MESSAGES.notAuthor
        : null;
  // Taken once per report, never from an answer the cache holds as stale (it is being read again then);
  // a refetch after the form shows must not reset what is typed.
  // A change of this report being written and not yet saved is continued rather than the saved report.
  const { user } = useSession();
  const resumed = useResumedDraft({ member: user?.publicId ?? '', reportId: reportId ?? null, autosaveId: null });
  const [initial, setInitial] = useState<(Start & { id: number }) | null>(null);
  if (report && report.abilities.update && !loaded.isFetching && !resumed.loading && initial?.id !== report._id) {
    setInitial({ id: report._id, values: resumed.values ?? editValues(report), autosave: resumed.autosave ?? undefined, restored: resumed.values !== null });
  }
  const ready = problem === null && report && initial?.id === report._id ? initial.values : null;

  return (
    <Frame title={PAGE_TITLES.editReport}>
      {problem !== null && (
        <>
          <p role="alert" className="form-problem">
            {problem}
          </p>
          <p>
            <Link to={missing || reportId === null ? PATHS.reports : reportPath(reportId)} className="button button--ghost">
              {missing || reportId === null ? REPORT_DETAIL_TEXTS.toList : REPORT_FORM_TEXTS.cancel}
            </Link>
          </p>
        </>
      )}
      {problem === null && (!ready || tags.loading) ? <Loading /> : null}
      {ready && initial?.restored && <RestoredNote />}
      {report && ready && !tags.loading && (
        <ReportForm
          autosave={initial?.autosave}
          key={report._id}
          mode="edit"
          reportId={report._id}
          initial={ready}
          tags={tags.tags}
          tagsProblem={tags.problem}
          currentImageUrl={report.mainImageUrl}
          imageLocked={report.image?.locked ?? false}
          warningsLocked={report.warningsLocked}
          canDelete={report.abilities.delete}
        />
      )}
    </Frame>
  );
}

/** One component for both routes of docs/product.md §2, chosen by whether the address carries an id. */
export function ReportFormPage() {
  const { id } = useParams();
  return id === undefined ? <CreateReportPage /> : <EditReportPage />;
}
