import { Link, useParams } from 'react-router-dom';
import { COMMON_TEXTS, PAGE_TITLES, PROFILE_MESSAGES, PROFILE_TEXTS, REPORT_LIST_TEXTS } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { PageTitle } from '../components/PageTitle';
import { MemberReportList } from '../profile/MemberReportList';
import { FlagButton } from '../flags/FlagButton';
import { FollowButton } from '../follows/FollowButton';
import { ProfileCard } from '../profile/ProfileCard';
import { useEndpointQuery } from '../query/endpointQuery';
import { PATHS } from '../routes/paths';
import { MemberSafetyButtons } from '../safety/MemberSafetyButtons';
import { useSession } from '../session/SessionContext';

const t = PROFILE_TEXTS.publicProfile;

/** /profile/{publicId}: what any member may see of another, and that member's published reports. */
export function PublicProfilePage() {
  const { publicId = '' } = useParams();
  const { user } = useSession();
  // Both cached per member (src/query): going back to a profile shows it at once.
  const profileQuery = useEndpointQuery('profile.public', { params: { publicId } });
  const reportsQuery = useEndpointQuery('reports.byMember', { query: { publicId } });
  const notFound = (error: unknown) => isApiError(error) && error.status === 404;
  const profile = profileQuery.data;
  const reports = reportsQuery.data;

  if (profileQuery.isError && notFound(profileQuery.error)) {
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
      <PageTitle page={profile ? profile.username : PAGE_TITLES.publicProfile} />
      {profileQuery.isPending && (
        <>
          <h1 className="page__title">{PAGE_TITLES.publicProfile}</h1>
          <p role="status" className="page-loading">
            {t.loading}
          </p>
        </>
      )}
      {profileQuery.isError && (
        <>
          <h1 className="page__title">{PAGE_TITLES.publicProfile}</h1>
          <div role="alert">
            <p className="form-problem">{errorMessage(profileQuery.error, COMMON_TEXTS.fetchFailed)}</p>
          </div>
        </>
      )}
      {profile && (
        <>
          {isOwn && (
            <p className="form-info public-profile__own">
              {t.ownNote} <Link to={PATHS.dashboard}>{t.toDashboard}</Link>
            </p>
          )}
          <ProfileCard profile={profile} headingLevel={1} />
          {!isOwn && <FollowButton publicId={publicId} name={profile.username} />}
          {!isOwn && <MemberSafetyButtons publicId={publicId} name={profile.username} />}
          {!isOwn && <FlagButton targetType="member" targetId={publicId} className="public-profile__flag" />}
          <section className="public-profile__reports" aria-labelledby="public-profile-reports-heading">
            <h2 id="public-profile-reports-heading" className="section-heading">
              {t.reports(profile.username)}
            </h2>
            {reportsQuery.isPending && <p role="status">{COMMON_TEXTS.loading}</p>}
            {reportsQuery.isError && !notFound(reportsQuery.error) && (
              <div role="alert">
                <p className="form-problem">{errorMessage(reportsQuery.error, REPORT_LIST_TEXTS.fetchFailed)}</p>
              </div>
            )}
            {/* The profile was found, so a missing list can only mean nothing is published. */}
            {reportsQuery.isError && notFound(reportsQuery.error) && <MemberReportList reports={[]} />}
            {reports && <MemberReportList reports={reports} />}
          </section>
        </>
      )}
    </div>
  );
}
