import { useId } from 'react';
import { CONTENT_WARNING_COVER_TEXTS, CONTENT_WARNING_LABELS, type ContentWarningKey } from '@hiraku/shared';

const t = CONTENT_WARNING_COVER_TEXTS;

/** A label as members read it; その他 with the author's words. */
const warningLabel = (key: ContentWarningKey, other: string | null): string => (key === 'other' && other ? t.coverOther(other) : CONTENT_WARNING_LABELS[key]);

/**
 * What stands in for a report's text and image while its content warnings cover it: the
 * labels, and a button that shows the report. Nothing of the report itself is rendered until then.
 */
export default function ContentWarningCover({ labels, other, onReveal, className = '' }: { labels: readonly ContentWarningKey[]; other: string | null; onReveal: () => void; className?: string }) {
  const id = useId();
  return (
    <div className={`content-warning-cover ${className}`} role="group" aria-labelledby={id} data-content-warning-cover="">
      <p id={id} className="content-warning-cover__lead">
        {t.coverLead}
      </p>
      <ul className="content-warning-cover__labels">
        {labels.map((key) => (
          <li key={key} className="badge content-warning-cover__label">
            {warningLabel(key, other)}
          </li>
        ))}
      </ul>
      <button type="button" className="button content-warning-cover__reveal" onClick={onReveal}>
        {t.coverReveal}
      </button>
    </div>
  );
}
