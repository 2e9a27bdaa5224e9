import { useState } from 'react';
import { REPORT_LIST_TEXTS, CATEGORY_NAMES, SEARCH_TEXTS, SORT_OPTIONS, type SortOption } from '@hiraku/shared';
import { SelectField } from '../components/forms/SelectField';
import { activeFilterCount, NO_FILTERS, SEARCH_FILTER_KEYS, type SearchFilterKey, type SearchState } from './searchState';
import type { FilterTagsState } from './useFilterTags';

const sortTexts = REPORT_LIST_TEXTS;

export interface SearchFilterPanelProps {
  state: SearchState;
  filterTags: FilterTagsState;
  /** Every change is a new search, written to the address so back and reload return to it. */
  onChange: (next: SearchState) => void;
}

/** The collapsible filter and sort panel; it starts open when the address already narrows the search. */
export function SearchFilterPanel({ state, filterTags, onChange }: SearchFilterPanelProps) {
  const active = activeFilterCount(state.filters);
  const [open, setOpen] = useState(active > 0);

  const setFilter = (key: SearchFilterKey, value: string) => onChange({ ...state, filters: { ...state.filters, [key]: value ? Number(value) : null } });

  return (
    <details className="search-panel" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="search-panel__summary">
        <span>{SEARCH_TEXTS.panel}</span>
        {active > 0 && <span className="badge search-panel__badge">{SEARCH_TEXTS.activeFilters(active)}</span>}
      </summary>
      <div className="search-panel__body">
        <SelectField label={sortTexts.sortLabel} name="sort" value={state.sort} onChange={(value) => onChange({ ...state, sort: value as SortOption })}>
          {SORT_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {sortTexts.sortOptions[option]}
            </option>
          ))}
        </SelectField>
        {filterTags.tags &&
          SEARCH_FILTER_KEYS.map((key) => (
            <SelectField
              key={key}
              label={filterTags.labels[key] ?? CATEGORY_NAMES[key]}
              name={key}
              value={state.filters[key] === null ? '' : String(state.filters[key])}
              onChange={(value) => setFilter(key, value)}
            >
              <option value="">{SEARCH_TEXTS.any}</option>
              {filterTags.tags?.[key].map((tag) => (
                <option key={tag._id} value={tag._id}>
                  {tag.name}
                </option>
              ))}
            </SelectField>
          ))}
        {filterTags.failed && <p className="form__note search-panel__note">{SEARCH_TEXTS.tagsFailed}</p>}
        {active > 0 && (
          <button type="button" className="button button--ghost button--small search-panel__clear" onClick={() => onChange({ ...state, filters: NO_FILTERS })}>
            {SEARCH_TEXTS.clearFilters}
          </button>
        )}
      </div>
    </details>
  );
}
