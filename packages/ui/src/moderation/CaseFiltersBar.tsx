import { FLAG_CATEGORIES, FLAG_CATEGORY_TEXTS, MODERATION_TEXTS } from '@hiraku/shared';
import type { CaseFilters } from '../api/moderationApi';

const t = MODERATION_TEXTS.cases;

/** The queue's filters: status, type, category, who claimed it, overdue only. */
export function CaseFiltersBar({ filters, onChange: set }: { filters: CaseFilters; onChange: <K extends keyof CaseFilters>(key: K, value: CaseFilters[K]) => void }) {
  return (
    <fieldset className="moderation__filter cases__filters">
      <legend>{t.filterLabel}</legend>
      <label>
        {t.status}
        <select value={filters.status} onChange={(event) => set('status', event.target.value as CaseFilters['status'])}>
          {(['open', 'closed'] as const).map((value) => (
            <option key={value} value={value}>
              {t.statuses[value]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.type}
        <select value={filters.type} onChange={(event) => set('type', event.target.value as CaseFilters['type'])}>
          {(Object.keys(t.types) as (keyof typeof t.types)[]).map((value) => (
            <option key={value} value={value}>
              {t.types[value]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.category}
        <select value={filters.category} onChange={(event) => set('category', event.target.value as CaseFilters['category'])}>
          <option value="">{t.allCategories}</option>
          {FLAG_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {FLAG_CATEGORY_TEXTS[value].label}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.claimed}
        <select value={filters.claimed} onChange={(event) => set('claimed', event.target.value as CaseFilters['claimed'])}>
          {(Object.keys(t.claimedOptions) as (keyof typeof t.claimedOptions)[]).map((value) => (
            <option key={value} value={value}>
              {t.claimedOptions[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="moderation__radio">
        <input type="checkbox" checked={filters.overdue} onChange={(event) => set('overdue', event.target.checked)} />
        {t.overdueOnly}
      </label>
    </fieldset>
  );
}
