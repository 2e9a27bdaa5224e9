import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PAGE_TITLES, PROFILE_SCREEN_TEXTS, type DashboardStats, type MyReportListItem, type OwnProfile, MESSAGES_COMMON, MESSAGES_PROFILE } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { PageTitle } from '../components/PageTitle';
import { MoreMenu } from '../menu/MoreMenu';
import { useNotice } from '../notice/NoticeContext';
import { MyReportList } from '../profile/MyReportList';
import { ProfileCard } from '../profile/ProfileCard';
import { PATHS, publicProfilePath } from '../routes/paths';

const t = PROFILE_SCREEN_TEXTS;

type Remote<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; value: T };

function Counters({ stats, reports }: { stats: DashboardStats | null; reports: Remote<MyReportListItem[]> }) {
  // docs/product.md §7: a failed count of likes shows as 0; the report count can still come from the list.
  const reportCount = stats?.reportCount ?? (reports.status === 'ready' ? reports.value.length : 0);
  const likes = stats?.likesReceived ?? 0;
  return (
    <section aria-label={t.dashboard.counters}>
      <dl className="dashboard-counters">
        <div className="dashboard-counters__item">
          <dt>{t.dashboard.reportCount}</dt>
          <dd>{reportCount}</dd>
        </div>
        <div className="dashboard-counters__item">
          <dt>{t.dashboard.likesReceived}</dt>
          <dd>{likes}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * /dashboard: the member's own card, counters and reports (drafts included). Without a profile the
 * member is sent to create one first (docs/product.md §2).
 */
export function DashboardPage() {
  const { profile: profileApi } = useApi();
  const navigate = useNavigate();
  const { showNotice } = useNotice();
  const [profile, setProfile] = useState<Remote<OwnProfile>>({ status: 'loading' });
  const [reports, setReports] = useState<Remote<MyReportListItem[]>>({ status: 'loading' });
  const [stats, setStats] = useState<DashboardStats | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    profileApi.own(signal).then(
      (value) => !signal.aborted && setProfile({ status: 'ready', value }),
      (error: unknown) => {
        if (signal.aborted) return;
        if (isApiError(error) && error.status === 404) {
          showNotice(MESSAGES_PROFILE.notSet, 'info');
          navigate(PATHS.profile, { replace: true });
          return;
        }
        setProfile({ status: 'failed', message: errorMessage(error, MESSAGES_COMMON.fetchFailed) });
      },
    );
    profileApi.myReports(signal).then(
      (value) => !signal.aborted && setReports({ status: 'ready', value }),
      (error: unknown) => !signal.aborted && setReports({ status: 'failed', message: errorMessage(error, MESSAGES_COMMON.fetchFailed) }),
    );
    profileApi.dashboardStats(signal).then(
      (value) => !signal.aborted && setStats(value),
      () => undefined,
    );
    return () => controller.abort();
  }, [profileApi, navigate, showNotice]);

  return (
    <div className="page dashboard">
      <PageTitle page={PAGE_TITLES.dashboard} />
      <h1 className="page__title">{PAGE_TITLES.dashboard}</h1>
      {profile.status === 'loading' && (
        <p role="status" className="page-loading">
          {t.dashboard.loading}
        </p>
      )}
      {profile.status === 'failed' && (
        <div role="alert">
          <p className="form-problem">{profile.message}</p>
        </div>
      )}
      {profile.status === 'ready' && (
        <>
          <ProfileCard
            profile={profile.value}
            actions={
              <>
                <Link to={PATHS.profile} className="button button--ghost">
                  {t.card.edit}
                </Link>
                <Link to={publicProfilePath(profile.value.publicId)} className="button button--ghost">
                  {t.card.viewPublic}
                </Link>
                <MoreMenu placement="down" buttonClassName="button button--ghost" />
              </>
            }
          />
          <Counters stats={stats} reports={reports} />
          <section className="dashboard__reports" aria-labelledby="dashboard-reports-heading">
            <div className="dashboard__reports-head">
              <h2 id="dashboard-reports-heading" className="section-heading">
                {t.dashboard.myReports}
              </h2>
              <Link to={PATHS.createReport} className="button button--primary">
                {t.dashboard.writeReport}
              </Link>
            </div>
            {reports.status === 'loading' && <p role="status">{MESSAGES_COMMON.loading}</p>}
            {reports.status === 'failed' && (
              <div role="alert">
                <p className="form-problem">{reports.message}</p>
              </div>
            )}
            {reports.status === 'ready' && <MyReportList reports={reports.value} />}
          </section>
        </>
      )}
    </div>
  );
}
