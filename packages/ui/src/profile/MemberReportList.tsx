import { Link } from 'react-router-dom';
import { PROFILE_TEXTS, type ReportListItem } from '@hiraku/shared';
import { reportPath } from '../routes/paths';
import { SensitiveImage } from '../reports/SensitiveImage';
import { ReportThumbnail } from './ReportThumbnail';
import { shownDescription, shownTitle } from './reportItemText';

const t = PROFILE_TEXTS;

/** A member's published reports on their public profile, each with a 詳細を見る link. */
export function MemberReportList({ reports }: { reports: readonly ReportListItem[] }) {
  if (reports.length === 0) return <p className="report-rows__empty">{t.publicProfile.noReports}</p>;
  return (
    <ul className="report-rows">
      {reports.map((report) => {
        const title = shownTitle(report.title);
        return (
          <li key={report._id} className="report-row">
            {report.image && report.image.display !== 'full' ? (
              <SensitiveImage reportId={report._id} image={report.image} size="thumbnail" className="report-row__thumbnail" alt="" width={150} height={150} />
            ) : (
              <ReportThumbnail url={report.thumbnailUrl} />
            )}
            <div className="report-row__body">
              <h3 className="report-row__title">{title}</h3>
              <p className="report-row__description">{shownDescription(report.description)}</p>
              <div className="report-row__footer">
                <span className="report-row__likes">{t.reportItem.likes(report.likeCount)}</span>
                <Link to={reportPath(report._id)} className="button button--ghost report-row__action" aria-label={t.reportItem.detailsLabel(title)}>
                  {t.reportItem.details}
                </Link>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
