import { BULK_CASE_ACTIONS, MODERATION_TEXTS, type BulkCaseAction } from '@hiraku/shared';

const t = MODERATION_TEXTS.cases;

/** What the selected cases can take together, and a way to clear the selection. */
export function CaseBulkBar({ count, onAction, onClear }: { count: number; onAction: (action: BulkCaseAction) => void; onClear: () => void }) {
  return (
    <div className="cases__bulk" role="region" aria-label={t.bulkBar(count)}>
      <span>{t.bulkBar(count)}</span>
      {BULK_CASE_ACTIONS.map((action) => (
        <button key={action} type="button" className="button button--small button--danger" onClick={() => onAction(action)}>
          {t.actions[action]}
        </button>
      ))}
      <button type="button" className="button button--small button--ghost" onClick={onClear}>
        {t.bulkClear}
      </button>
    </div>
  );
}
