import { Link } from 'react-router-dom';
import { FLAG_TEXTS, type FlagTargetType } from '@hiraku/shared';
import { useEndpointQuery } from '../query/endpointQuery';
import { decisionPath } from '../routes/paths';

const t = FLAG_TEXTS;

/**
 * What the author of hidden content sees on it: under review while the flags keep it hidden, or the
 * decision with a link to its page (where they may appeal). Only asked for the author's own content.
 */
export function ReviewNotice({ targetType, targetId }: { targetType: FlagTargetType; targetId: string | number }) {
  const state = useEndpointQuery('decisions.forTarget', { query: { targetType, targetId: String(targetId) } });
  if (!state.data) return null;
  const { underReview, decision } = state.data;
  if (underReview) {
    return (
      <section className="review-notice" role="note" aria-label={t.underReviewTitle}>
        <strong>{t.underReviewTitle}</strong>
        <p>{t.underReview}</p>
      </section>
    );
  }
  if (!decision) return null;
  return (
    <section className="review-notice" role="note" aria-label={t.decidedTitle}>
      <strong>{t.decidedTitle}</strong>
      <p>{t.decided}</p>
      <p>
        <Link to={decisionPath(decision.caseId)}>{t.decisionLink}</Link>
      </p>
    </section>
  );
}
