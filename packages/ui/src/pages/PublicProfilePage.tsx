import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PAGE_TITLES, PROFILE_MESSAGES, PROFILE_SCREEN_TEXTS, type PublicProfile, type ReportListItem, MESSAGES_COMMON, MESSAGES_REPORT } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { PageTitle } from '../components/PageTitle';
import { MemberReportList } from '../profile/MemberReportList';
import { ProfileCard } from '../profile/ProfileCard';
import { PATHS } from '../routes/paths';
import { useSession } from '../session/SessionContext';

const t = PROFILE_SCREEN_TEXTS.publicProfile;

type Remote<T> = { status: 'loading' } | { status: 'missing' } | { status: 'failed'; message: string } | { status: 'ready'; value: T };

/** /profile/{publicId}: what any member may see of another, and that member's published reports. */
export function PublicProfilePage() {
  const { publicId = '' } = useParams();
  const { profile: profileApi } = useApi();
  const { user } = useSession();
  const [profile, setProfile] = useState<Remote<PublicProfile>>({ status: 'loading' });
  const [reports, setReports] = useState<Remote<ReportListItem[]>>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setProfile({ status: 'loading' });
    setReports({ status: 'loading' });
    const notFound = (error: unknown) => isApiError(error) && error.status === 404;
    profileApi.byId(publicId, signal).then(
      (value) => !signal.aborted && setProfile({ status: 'ready', value }),
      (error: unknown) => {
        if (signal.aborted) return;
        setProfile(notFound(error) ? { status: 'missing' } : { status: 'failed', message: errorMessage(error, MESSAGES_COMMON.fetchFailed) });
      },
    );
    profileApi.reportsOf(publicId, signal).then(
      (value) => !signal.aborted && setReports({ status: 'ready', value }),
      (error: unknown) => {
        if (signal.aborted) return;
        setReports(notFound(error) ? { status: 'missing' } : { status: 'failed', message: errorMessage(error, MESSAGES_REPORT.listFetchFailed) });
      },
    );
    return () => controller.abort();
  }, [profileApi, publicId]);

  if (profile.status === 'missing') {
    return (
      <div className="page page--narrow public-profile">
        <PageTitle page={PROFILE_MESSAGES.notFound} />
        <h1 className="page__title">{PROFILE_MESSAGES.notFound}</h1>
        <p>{t.notFoundLead}</p>
        <p>
          <Link to={PATHS.reports} className="button button--primary">
            {t.toReports}
          </Link>
        </p>
      </div>
    );
  }

  const isOwn = user?.publicId === publicId;

  return (
    <div className="page public-profile">
      <PageTitle page={profile.status === 'ready' ? profile.value.username : PAGE_TITLES.publicProfile} />
      {profile.status === 'loading' && (
        <>
          <h1 className="page__title">{PAGE_TITLES.publicProfile}</h1>
          <p role="status" className="page-loading">
            {t.loading}
          </p>
        </>
      )}
      {profile.status === 'failed' && (
        <>
          <h1 className="page__title">{PAGE_TITLES.publicProfile}</h1>
          <div role="alert">
            <p className="form-problem">{profile.message}</p>
          </div>
        </>
      )}
      {profile.status === 'ready' && (
        <>
          {isOwn && (
            <p className="form-info public-profile__own">
              {t.ownNote} <Link to={PATHS.dashboard}>{t.toDashboard}</Link>
            </p>
          )}
          <ProfileCard profile={profile.value} headingLevel={1} />
          <section className="public-profile__reports" aria-labelledby="public-profile-reports-heading">
            <h2 id="public-profile-reports-heading" className="section-heading">
              {t.reports(profile.value.username)}
            </h2>
            {reports.status === 'loading' && <p role="status">{MESSAGES_COMMON.loading}</p>}
            {reports.status === 'failed' && (
              <div role="alert">
                <p className="form-problem">{reports.message}</p>
              </div>
            )}
            {/* The profile was found, so a missing list can only mean nothing is published. */}
            {reports.status === 'missing' && <MemberReportList reports={[]} />}
            {reports.status === 'ready' && <MemberReportList reports={reports.value} />}
          </section>
        </>
      )}
    </div>
  );
}
