import { Link } from 'react-router-dom';
import { PROFILE_MESSAGES, PROFILE_TEXTS, type MyReportListItem } from '@hiraku/shared';
import { editReportPath, reportPath } from '../routes/paths';
import { ReportThumbnail } from './ReportThumbnail';
import { shownDescription, shownTitle } from './reportItemText';

const t = PROFILE_TEXTS.reportItem;

/** The dashboard's list of the member's own reports, drafts included, each with its status and an edit link. */
export function MyReportList({ reports }: { reports: readonly MyReportListItem[] }) {
  if (reports.length === 0) return <p className="report-rows__empty">{PROFILE_MESSAGES.noArticles}</p>;
  return (
    <ul className="report-rows">
      {reports.map((report) => {
        const title = shownTitle(report.title);
        return (
          <li key={report._id} className="report-row">
            <ReportThumbnail url={report.thumbnailUrl} />
            <div className="report-row__body">
              <p className="report-row__status">
                <span className={`status-tag ${report.isDraft ? 'status-tag--draft' : 'status-tag--published'}`}>{report.isDraft ? t.draft : t.published}</span>
                {report.isHidden && <span className="status-tag status-tag--hidden">{t.hidden}</span>}
              </p>
              <h3 className="report-row__title">
                <Link to={reportPath(report._id)}>{title}</Link>
              </h3>
              <p className="report-row__description">{shownDescription(report.description)}</p>
              <div className="report-row__footer">
                <span className="report-row__likes">{t.likes(report.likeCount)}</span>
                <Link to={editReportPath(report._id)} className="button button--ghost report-row__action" aria-label={t.editLabel(title)}>
                  {t.edit}
                </Link>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
