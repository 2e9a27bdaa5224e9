import { FollowerCount } from '../follows/FollowerCount';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { COMMON_TEXTS, PAGE_TITLES, PROFILE_MESSAGES, PROFILE_TEXTS, type DashboardStats, type MyReportListItem } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { PageTitle } from '../components/PageTitle';
import { MoreMenu } from '../menu/MoreMenu';
import { useNotice } from '../notice/NoticeContext';
import { MyReportList } from '../profile/MyReportList';
import { AutosaveList } from '../profile/AutosaveList';
import { ProfileCard } from '../profile/ProfileCard';
import { useEndpointQuery } from '../query/endpointQuery';
import { PATHS, publicProfilePath } from '../routes/paths';

const t = PROFILE_TEXTS;

function Counters({ stats, reports }: { stats: DashboardStats | undefined; reports: MyReportListItem[] | undefined }) {
  // docs/product.md §7: a failed count of likes shows as 0; the report count can still come from the list.
  const reportCount = stats?.reportCount ?? reports?.length ?? 0;
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
  const navigate = useNavigate();
  const { showNotice } = useNotice();
  // Cached (src/query): report writes and comments invalidate the list, so coming back shows it fresh.
  const profileQuery = useEndpointQuery('profile.own');
  const reportsQuery = useEndpointQuery('reports.mine');
  const statsQuery = useEndpointQuery('profile.dashboardStats');
  const noProfile = profileQuery.isError && isApiError(profileQuery.error) && profileQuery.error.status === 404;
  useEffect(() => {
    if (!noProfile) return;
    showNotice(PROFILE_MESSAGES.notSet, 'info');
    navigate(PATHS.profile, { replace: true });
  }, [noProfile, navigate, showNotice]);
  const profile = profileQuery.data;
  const reports = reportsQuery.data;

  return (
    <div className="page dashboard">
      <PageTitle page={PAGE_TITLES.dashboard} />
      <h1 className="page__title">{PAGE_TITLES.dashboard}</h1>
      {profileQuery.isPending && (
        <p role="status" className="page-loading">
          {t.dashboard.loading}
        </p>
      )}
      {profileQuery.isError && !noProfile && (
        <div role="alert">
          <p className="form-problem">{errorMessage(profileQuery.error, COMMON_TEXTS.fetchFailed)}</p>
        </div>
      )}
      {profile && (
        <>
          <ProfileCard
            profile={profile}
            actions={
              <>
                <Link to={PATHS.profile} className="button button--ghost">
                  {t.card.edit}
                </Link>
                <Link to={publicProfilePath(profile.publicId)} className="button button--ghost">
                  {t.card.viewPublic}
                </Link>
                <MoreMenu placement="down" buttonClassName="button button--ghost" />
              </>
            }
          />
          <Counters stats={statsQuery.data} reports={reports} />
          <AutosaveList />
          <FollowerCount />
          <section className="dashboard__reports" aria-labelledby="dashboard-reports-heading">
            <div className="dashboard__reports-head">
              <h2 id="dashboard-reports-heading" className="section-heading">
                {t.dashboard.myReports}
              </h2>
              <Link to={PATHS.createReport} className="button button--primary">
                {t.dashboard.writeReport}
              </Link>
            </div>
            {reportsQuery.isPending && <p role="status">{COMMON_TEXTS.loading}</p>}
            {reportsQuery.isError && (
              <div role="alert">
                <p className="form-problem">{errorMessage(reportsQuery.error, COMMON_TEXTS.fetchFailed)}</p>
              </div>
            )}
            {reports && <MyReportList reports={reports} />}
          </section>
        </>
      )}
    </div>
  );
}
