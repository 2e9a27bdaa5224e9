import { SAVES_MESSAGES } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useSaveToggle, useSavedIds } from './saveQueries';
import { SaveButtonView } from './SaveButtonView';

/**
 * 保存 / 保存済み for one report, on cards and the detail page. Nobody but the member sees it: there is
 * no count, only whether they saved it.
 */
export function SaveButton({ reportId, className = '' }: { reportId: number; className?: string }) {
  const savedIds = useSavedIds();
  const toggle = useSaveToggle(reportId);
  const saved = savedIds?.has(reportId) ?? false;
  return (
    <SaveButtonView
      className={className}
      saved={saved}
      busy={toggle.isPending || savedIds === undefined}
      onToggle={() => toggle.mutate(!saved)}
      error={toggle.isError ? errorMessage(toggle.error, SAVES_MESSAGES.failed) : null}
    />
  );
}
