import { useId } from 'react';
import { type TagItem, REPORT_FORM_TEXTS } from '@hiraku/shared';
import { toggleTag } from './formRows';
import { RequiredMark } from './RequiredMark';
import { usePlatform } from '../../platform/PlatformContext';

/**
 * Tags as a group of toggle chips (checkboxes underneath, so keyboards and screen readers know them).
 * Choosing one more than `max` is refused with the 「N個まで選択できます」 alert of docs/product.md §5.
 */
export function TagMultiSelect({
  name,
  label,
  tags,
  selected,
  max,
  onChange,
  required,
  error,
  disabled,
}: {
  name: string;
  label: string;
  tags: readonly TagItem[];
  selected: readonly number[];
  max: number;
  onChange: (ids: number[]) => void;
  required?: boolean;
  error?: string;
  disabled?: boolean;
}) {
  const platform = usePlatform();
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={`field tag-picker${error ? ' field--invalid' : ''}`}
      aria-describedby={[countId, error ? errorId : null].filter(Boolean).join(' ')}
      data-field={name}
    >
      <legend className="field__label">
        {label}
        {required && <RequiredMark />}
        {/* A group cannot carry aria-required (axe: critical); its name says it instead. */}
        {required && <span className="visually-hidden">{REPORT_FORM_TEXTS.requiredForScreenReaders}</span>}
      </legend>
      <p id={countId} className="field__hint">
        {REPORT_FORM_TEXTS.selectionCount(selected.length, max)}
      </p>
      <div className="tag-picker__options">
        {tags.map((tag) => {
          const checked = selected.includes(tag._id);
          return (
            <label key={tag._id} className={`tag-picker__option${checked ? ' tag-picker__option--on' : ''}`}>
              <input
                type="checkbox"
                name={name}
                value={String(tag._id)}
                className="tag-picker__input"
                checked={checked}
                disabled={disabled}
                onChange={() => {
                  const next = toggleTag(selected, tag._id, max);
                  if (next.ok) onChange(next.rows);
                  else platform.alert(next.message);
                }}
              />
              <span>{tag.name}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
