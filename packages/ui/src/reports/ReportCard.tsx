import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cut, LIMITS, type ReportListItem, COMMON_TEXTS, REPORT_CARD_TEXTS } from '@hiraku/shared';
import { DEFAULT_PROFILE_ICON_URL } from '../assets/defaultProfileIcon';
import { NO_IMAGE_URL } from '../assets/noImage';
import { publicProfilePath, reportPath } from '../routes/paths';
import { SensitiveImage } from './SensitiveImage';
import { useCoveringWarnings } from '../contentWarnings/ContentWarningContext';
import { CardFollowButton } from './CardButtons';

const t = REPORT_CARD_TEXTS;

// Only a labelled report needs it, so it stays out of the lists' first download (issue 13's budget).
const ContentWarningCover = lazy(() => import('../contentWarnings/ContentWarningCover'));

/** The card title: cut to 15 characters, 「無題」 when there is none. */
export function cardTitle(title: string): string {
  const trimmed = title.trim();
  return trimmed ? cut(trimmed, LIMITS.cardTitleCut) : COMMON_TEXTS.untitled;
}

/** The card text: the first 55 characters of the feelings, 「説明はありません」 when there are none. */
export function cardDescription(description: string): string {
  const trimmed = description.trim();
  return trimmed ? cut(trimmed, LIMITS.cardDescriptionCut) : COMMON_TEXTS.noDescription;
}

/**
 * One report in a grid (/reports, /search-results). The title link covers the whole card through CSS
 * (a stretched ::after), so the author link beside it is a sibling, never an <a> inside an <a>, and
 * both stay reachable by keyboard. `actions` (the member's 保存 button, issue 37) sit above that layer too,
 * as does the author line's follow button (`followAuthor`, issue 36).
 */
export function ReportCard({ report, actions, followAuthor = false }: { report: ReportListItem; actions?: ReactNode; followAuthor?: boolean }) {
  const title = cardTitle(report.title);
  const author = report.authorData;
  const authorName = author.username?.trim() || COMMON_TEXTS.unknownAuthor;
  const covering = useCoveringWarnings(report.warnings, author.publicId);
  const [revealed, setRevealed] = useState(false);
  if (covering.length > 0 && !revealed) {
    // Content warnings: neither the text nor the image until the member taps; no link either,
    // so the tap that reveals is not taken for one that opens the report.
    return (
      <article className="report-card report-card--covered" data-report-id={report._id}>
        {/* Until the cover's code arrives, an empty box: nothing of the report is shown meanwhile. */}
        <Suspense fallback={<div className="content-warning-cover" aria-busy="true" />}>
          <ContentWarningCover labels={covering} other={report.warningOther} onReveal={() => setRevealed(true)} />
        </Suspense>
      </article>
    );
  }
  return (
    <article className="report-card" data-report-id={report._id}>
      {report.image && report.image.display !== 'full' ? (
        <SensitiveImage reportId={report._id} image={report.image} size="thumbnail" className="report-card__thumbnail" alt="" width={150} height={150} />
      ) : (
        <img
          className="report-card__thumbnail"
          src={report.thumbnailUrl ?? NO_IMAGE_URL}
          alt={report.thumbnailUrl ? '' : COMMON_TEXTS.noImage}
          width={150}
          height={150}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="report-card__body">
        <h3 className="report-card__title">
          <Link to={reportPath(report._id)} className="report-card__link">
            {title}
          </Link>
        </h3>
        <p className="report-card__description">{cardDescription(report.description)}</p>
        <div className="report-card__meta">
          <Link to={publicProfilePath(author.publicId)} className="report-card__author">
            <img className="report-card__icon" src={author.iconUrl ?? DEFAULT_PROFILE_ICON_URL} alt="" width={28} height={28} loading="lazy" />
            <span>{authorName}</span>
          </Link>
          {followAuthor && <CardFollowButton publicId={author.publicId} name={authorName} />}
          <span className="report-card__likes">{t.likes(report.likeCount)}</span>
        </div>
        {actions && <div className="report-card__actions">{actions}</div>}
      </div>
    </article>
  );
}

/**
 * A card's shape without content, shown while the first page of a list loads: the grid already has the
 * height of its cards, so the footer does not jump when they arrive (CLS 0, bench web phase).
 */
export function ReportCardPlaceholder() {
  return (
    <div className="report-card report-card--placeholder" aria-hidden="true">
      <div className="report-card__thumbnail" />
      <div className="report-card__body">
        <span className="report-card__bar report-card__bar--title" />
        <span className="report-card__bar" />
        <span className="report-card__bar" />
        <span className="report-card__bar report-card__bar--short" />
      </div>
    </div>
  );
}
