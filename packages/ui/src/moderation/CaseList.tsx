import { useEffect, useRef } from 'react';
import { FLAG_CATEGORY_TEXTS, MODERATION_TEXTS, type CaseItem } from '@hiraku/shared';

const t = MODERATION_TEXTS.cases;

/** What a row calls its case: the report's title, the start of a comment, or what is left of it. */
const rowTitle = (item: CaseItem): string => item.target.title ?? item.target.text?.slice(0, 40) ?? t.targetGone;

/**
 * The left pane of the wide queue: one compact row per case, the case in hand marked current
 * and kept in view as J and K move it. A row is a button: clicking it (or Enter on it) takes that case,
 * which CaseQueuePage focuses on the right.
 */
export function CaseList({ items, active, selected, onShow }: { items: CaseItem[]; active: number; selected: ReadonlySet<number>; onShow: (index: number) => void }) {
  const activeRow = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    // A block, not an arrow's value: whatever an effect returns, React calls as its clean-up.
    activeRow.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <ol className="cases__rows">
      {items.map((item, index) => (
        <li key={item.id}>
          <button
            type="button"
            className={`cases__row${index === active ? ' cases__row--active' : ''}${selected.has(item.id) ? ' cases__row--selected' : ''}`}
            aria-current={index === active ? 'true' : undefined}
            ref={index === active ? activeRow : undefined}
            onClick={() => onShow(index)}
          >
            <span className="cases__row-title">{rowTitle(item)}</span>
            <span className="cases__row-meta">
              {t.types[item.type]}・{FLAG_CATEGORY_TEXTS[item.category].label}
              {item.overdue && <span className="badge badge--warning">{t.overdue}</span>}
              {item.escalation && <span className="badge badge--warning">{t.escalatedBadge}</span>}
              {selected.has(item.id) && <span className="badge">{t.select}</span>}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
