import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LIMITS, newReportFormValues, COMMON_TEXTS, PAGE_TITLES, PROFILE_MESSAGES, REPORT_MESSAGES, REPORT_DETAIL_TEXTS, REPORT_FORM_TEXTS, parseRouteId, reportFormValuesFromDetail, type ReportDetail, type ReportFormValues } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { PageTitle } from '../components/PageTitle';
import { ReportForm } from '../reports/form/ReportForm';
import { useReportTags } from '../reports/form/useReportTags';
import { PATHS, reportPath } from '../routes/paths';
import { usePlatform } from '../platform/PlatformContext';

type Load<T> = { phase: 'loading' } | { phase: 'failed'; message: string; missing?: boolean } | { phase: 'ready'; data: T };

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

/** /create-report: the profile's gender, orientation and role are filled in; without a profile the member is sent to make one. */
export function CreateReportPage() {
  const platform = usePlatform();
  const { profile } = useApi();
  const navigate = useNavigate();
  const tags = useReportTags();
  const [initial, setInitial] = useState<ReportFormValues | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    profile.own(controller.signal).then(
      (own) => setInitial(newReportFormValues(own)),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.status === 404) {
          platform.alert(PROFILE_MESSAGES.notSet);
          navigate(PATHS.profile, { replace: true });
          return;
        }
        // docs/product.md §8: only logged; the member can still choose the values by hand.
        console.error('profile for the report form failed', error);
        setInitial(newReportFormValues());
      },
    );
    return () => controller.abort();
  }, [profile, navigate, platform]);

  return (
    <Frame title={PAGE_TITLES.createReport}>
      {initial && !tags.loading ? <ReportForm mode="create" initial={initial} tags={tags.tags} tagsProblem={tags.problem} /> : <Loading />}
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
  const { reports } = useApi();
  const tags = useReportTags();
  const [load, setLoad] = useState<Load<ReportDetail>>({ phase: 'loading' });

  useEffect(() => {
    if (reportId === null) {
      setLoad({ phase: 'failed', message: REPORT_MESSAGES.notFound, missing: true });
      return undefined;
    }
    const controller = new AbortController();
    setLoad({ phase: 'loading' });
    reports.get(reportId, controller.signal).then(
      (report) => setLoad(report.abilities.update ? { phase: 'ready', data: report } : { phase: 'failed', message: REPORT_MESSAGES.notAuthor }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const missing = isApiError(error) && error.status === 404;
        setLoad({ phase: 'failed', message: missing ? REPORT_MESSAGES.notFound : errorMessage(error, COMMON_TEXTS.fetchFailed), missing });
      },
    );
    return () => controller.abort();
  }, [reports, reportId]);
  const initial = useMemo(() => (load.phase === 'ready' ? editValues(load.data) : null), [load]);

  return (
    <Frame title={PAGE_TITLES.editReport}>
      {load.phase === 'failed' && (
        <>
          <p role="alert" className="form-problem">
            {load.message}
          </p>
          <p>
            <Link to={load.missing || reportId === null ? PATHS.reports : reportPath(reportId)} className="button button--ghost">
              {load.missing || reportId === null ? REPORT_DETAIL_TEXTS.toList : REPORT_FORM_TEXTS.cancel}
            </Link>
          </p>
        </>
      )}
      {load.phase === 'loading' || (load.phase === 'ready' && tags.loading) ? <Loading /> : null}
      {load.phase === 'ready' && initial && !tags.loading && (
        <ReportForm
          key={load.data._id}
          mode="edit"
          reportId={load.data._id}
          initial={initial}
          tags={tags.tags}
          tagsProblem={tags.problem}
          currentImageUrl={load.data.mainImageUrl}
          canDelete={load.data.abilities.delete}
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
