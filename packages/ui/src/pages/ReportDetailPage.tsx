import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDateTimeJa, PAGE_TITLES, parseRouteId, REPORT_FIELD_LABELS, type ReportDetail, type TagRef, COMMON_TEXTS, REPORT_MESSAGES, REPORT_DETAIL_TEXTS, SENSITIVE_IMAGE_TEXTS } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { DEFAULT_PROFILE_ICON_URL } from '../assets/defaultProfileIcon';
import { NO_IMAGE_URL } from '../assets/noImage';
import { PageTitle } from '../components/PageTitle';
import { useEndpointQuery } from '../query/endpointQuery';
import { invalidateReports } from '../query/reportCache';
import { FlagButton } from '../flags/FlagButton';
import { CategoryFollowButton, TopicFollowButton } from '../follows/TopicFollowButton';
import { ReviewNotice } from '../flags/ReviewNotice';
import { CommentSection } from '../reports/CommentSection';
import { LikeButton } from '../reports/LikeButton';
import { CollectionPicker } from '../saves/CollectionPicker';
import { SaveButton } from '../saves/SaveButton';
import { SensitiveImage } from '../reports/SensitiveImage';
import { StepsList } from '../reports/StepsList';
import { ToolsTable } from '../reports/ToolsTable';
import { editReportPath, PATHS, publicProfilePath } from '../routes/paths';
import { useIsOperator } from '../taxonomy/useIsOperator';
import ContentWarningCover from '../contentWarnings/ContentWarningCover';
import { useCoveringWarnings } from '../contentWarnings/ContentWarningContext';

const t = REPORT_DETAIL_TEXTS;
const label = REPORT_FIELD_LABELS;

function ReportNotFound() {
  return (
    <div className="page page--narrow">
      <PageTitle page={t.notFoundTitle} />
      <h1 className="page__title">{t.notFoundTitle}</h1>
      <p>{REPORT_MESSAGES.notFound}</p>
      <p>
        <Link to={PATHS.reports} className="button button--primary">
          {t.toList}
        </Link>
      </p>
    </div>
  );
}

/** A tag with its 「フォロー」: the tag's next reports then come in フォロー中. */
function FollowableTag({ tag }: { tag: TagRef }) {
  return (
    <span className="tag-follow">
      <span className="tag-chip">{tag.name}</span>
      <TopicFollowButton kind="tag" id={tag._id} name={tag.name} />
    </span>
  );
}

function TagChips({ tags }: { tags: readonly TagRef[] }) {
  if (tags.length === 0) return <span className="report-detail__none">{COMMON_TEXTS.unset}</span>;
  return (
    <ul className="tag-chips">
      {tags.map((tag) => (
        <li key={tag._id}>
          <FollowableTag tag={tag} />
        </li>
      ))}
    </ul>
  );
}

/** One fact; `follow` is the category's 「フォロー」 beside its name. */
function Term({ name, children, follow }: { name: string; children: ReactNode; follow?: ReactNode }) {
  return (
    <div className="report-facts__row">
      <dt>
        {name}
        {follow && <> {follow}</>}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function TextBlock({ heading, text }: { heading: string; text: string }) {
  return (
    <section className="report-detail__section">
      <h2 className="section-heading">{heading}</h2>
      {text.trim() ? <p className="report-detail__text">{text}</p> : <p className="report-detail__none">{t.none}</p>}
    </section>
  );
}

// Operators only, so members never download it.
const ReportModerationPanel = lazy(() => import('../moderation/ReportModerationPanel'));

function ReportView({ report }: { report: ReportDetail }) {
  const isOperator = useIsOperator();
  const queryClient = useQueryClient();
  const [hidden, setShownHidden] = useState(report.isHidden);
  // Hiding takes the report out of the lists (and showing it again puts it back).
  const setHidden = (next: boolean) => {
    setShownHidden(next);
    void invalidateReports(queryClient);
  };
  const title = report.title.trim() || COMMON_TEXTS.untitled;
  const author = report.authorData;
  const authorName = author.username?.trim() || COMMON_TEXTS.unknownAuthor;
  return (
    <article className="page report-detail">
      <PageTitle page={title} />
      {report.isDraft && (
        <p className="form-info report-detail__state">
          <span className="badge">{t.draftBadge}</span> {t.draftNote}
        </p>
      )}
      {hidden && (
        <p className="form-warning report-detail__state">
          <span className="badge">{t.hiddenBadge}</span> {t.hiddenNote}
        </p>
      )}
      <figure className="report-detail__figure">
        {report.image && report.image.display !== 'full' ? (
          <SensitiveImage reportId={report._id} image={report.image} size="main" className="report-detail__image" alt={t.mainImage(title)} />
        ) : (
          <>
            <img
              className="report-detail__image"
              src={report.mainImageUrl ?? NO_IMAGE_URL}
              alt={report.mainImageUrl ? t.mainImage(title) : COMMON_TEXTS.noImage}
            />
            {!report.mainImageUrl && <figcaption className="report-detail__no-image">{COMMON_TEXTS.noImage}</figcaption>}
          </>
        )}
        {report.image?.sensitive && report.image.display === 'full' && <span className="badge report-detail__sensitive">{SENSITIVE_IMAGE_TEXTS.badge}</span>}
      </figure>
      <h1 className="page__title report-detail__title">{title}</h1>
      <div className="report-detail__byline">
        <Link to={publicProfilePath(author.publicId)} className="report-detail__author">
          <img className="report-detail__icon" src={author.iconUrl ?? DEFAULT_PROFILE_ICON_URL} alt="" width={40} height={40} />
          <span>
            <span className="visually-hidden">{t.author}: </span>
            {authorName}
          </span>
        </Link>
        {/* A draft has not been posted: no posting date, and nothing anyone could like yet. */}
        {!report.isDraft && (
          <span className="report-detail__date">
            {t.createdAt}: <time dateTime={report.createdAt}>{formatDateTimeJa(report.createdAt)}</time>
          </span>
        )}
      </div>
      <div className="report-detail__actions">
        {!report.isDraft && <LikeButton reportId={report._id} initialCount={report.likeCount} />}
        {!report.isDraft && !report.isHidden && (
          <>
            <SaveButton reportId={report._id} />
            <CollectionPicker reportId={report._id} />
          </>
        )}
        {report.abilities.update && (
          <Link to={editReportPath(report._id)} className="button button--ghost">
            {t.edit}
          </Link>
        )}
        {!report.isDraft && !report.abilities.update && <FlagButton targetType="report" targetId={report._id} />}
      </div>
      {/* The author's own published report: under review, or decided, when flags or an operator acted on it. */}
      {!report.isDraft && report.abilities.update && <ReviewNotice targetType="report" targetId={report._id} />}

      <section className="report-detail__section">
        <h2 className="section-heading">{t.profileTags}</h2>
        <dl className="report-facts">
          <Term name={label.gender}>{report.gender ? <FollowableTag tag={report.gender} /> : COMMON_TEXTS.unset}</Term>
          <Term name={label.sexualOrientation}>
            {report.sexualOrientation ? <FollowableTag tag={report.sexualOrientation} /> : COMMON_TEXTS.unset}
          </Term>
          <Term name={label.role}>{report.role ? <FollowableTag tag={report.role} /> : COMMON_TEXTS.unset}</Term>
        </dl>
      </section>

      <section className="report-detail__section">
        <h2 className="section-heading">{t.playTags}</h2>
        <dl className="report-facts">
          <Term name={label.playCategories} follow={<CategoryFollowButton categoryKey="playCategory" />}>
            <TagChips tags={report.playCategories} />
          </Term>
          <Term name={label.playContents} follow={<CategoryFollowButton categoryKey="playContent" />}>
            <TagChips tags={report.playContents} />
          </Term>
        </dl>
      </section>

      <section className="report-detail__section">
        <h2 className="section-heading">{t.tools}</h2>
        <ToolsTable tools={report.tools} caption={t.tools} />
      </section>

      <section className="report-detail__section">
        <h2 className="section-heading">{t.steps}</h2>
        <StepsList steps={report.play} />
      </section>

      <TextBlock heading={t.impressions} text={report.description} />
      <TextBlock heading={t.tips} text={report.tips} />

      {isOperator && !report.isDraft && (
        <Suspense fallback={null}>
          <ReportModerationPanel reportId={report._id} hidden={hidden} onChange={setHidden} image={report.image} onImageLabelChange={() => void invalidateReports(queryClient)}
            warnings={{ warnings: report.warnings, warningOther: report.warningOther, locked: report.warningsLocked }}
          />
        </Suspense>
      )}

      <CommentSection reportId={report._id} />
    </article>
  );
}

/** The report behind its content warnings' cover until the member taps. */
function CoveredReportView({ report }: { report: ReportDetail }) {
  const covering = useCoveringWarnings(report.warnings, report.authorData.publicId);
  const [revealed, setRevealed] = useState(false);
  if (covering.length === 0 || revealed) return <ReportView report={report} />;
  return (
    <div className="page page--narrow report-detail report-detail--covered">
      <PageTitle page={PAGE_TITLES.reportDetail} />
      <ContentWarningCover labels={covering} other={report.warningOther} onReveal={() => setRevealed(true)} />
    </div>
  );
}

/** /reports/:id. Drafts of others answer 404 on the server, so they look exactly like a missing report. */
export function ReportDetailPage() {
  const { id } = useParams();
  const reportId = parseRouteId(id);
  const { data: report, error, isPending } = useEndpointQuery('reports.get', { params: { id: reportId ?? 0 } }, { enabled: reportId !== null });

  if (reportId === null || (isApiError(error) && error.status === 404)) return <ReportNotFound />;
  if (report) return <CoveredReportView key={report._id} report={report} />;
  return (
    <div className="page page--narrow">
      <PageTitle page={PAGE_TITLES.reportDetail} />
      {isPending ? (
        <p role="status">{COMMON_TEXTS.loading}</p>
      ) : (
        <p role="alert" className="form-problem">
          {errorMessage(error, COMMON_TEXTS.fetchFailed)}
        </p>
      )}
    </div>
  );
}
