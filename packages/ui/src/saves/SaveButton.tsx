import { SAVES_MESSAGES, SAVES_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useSaveToggle, useSavedIds } from './saveQueries';

const t = SAVES_TEXTS;

/**
 * 保存 / 保存済み for one report, on cards and the detail page. Nobody but the member sees it: there is
 * no count, only whether they saved it.
 */
export function SaveButton({ reportId, className = '' }: { reportId: number; className?: string }) {
  const savedIds = useSavedIds();
  const toggle = useSaveToggle(reportId);
  const saved = savedIds?.has(reportId) ?? false;
  const busy = toggle.isPending || savedIds === undefined;
  return (
    <span className={`save-box ${className}`.trim()}>
      <button
        type="button"
        className={`save-button${saved ? ' save-button--on' : ''}`}
        aria-pressed={saved}
        disabled={busy}
        onClick={() => toggle.mutate(!saved)}
      >
        <span aria-hidden="true" className="save-button__mark">
          {saved ? '★' : '☆'}
        </span>
        <span>{saved ? t.saved : t.save}</span>
      </button>
      <span role="alert" className="save-box__alert">
        {toggle.isError ? errorMessage(toggle.error, SAVES_MESSAGES.failed) : null}
      </span>
    </span>
  );
}
