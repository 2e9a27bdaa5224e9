import { useId } from 'react';
import { REPORT_TEXTS, type TagItem } from '@hiraku/shared';
import { RequiredMark } from './RequiredMark';

export function TagSelect({
  name,
  label,
  tags,
  value,
  onChange,
  required,
  error,
  disabled,
}: {
  name: string;
  label: string;
  tags: readonly TagItem[];
  value: number | null;
  onChange: (value: number | null) => void;
  required?: boolean;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && <RequiredMark />}
      </label>
      <select
        id={id}
        name={name}
        className="field__input"
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
      >
        <option value="">{REPORT_TEXTS.form.selectPlaceholder}</option>
        {tags.map((tag) => (
          <option key={tag._id} value={String(tag._id)}>
            {tag.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
