import { useId, type ReactNode } from 'react';
import { FieldLabel } from './FieldLabel';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The labelled select of every form, its error tied to it, in the same frame as the shared TextField.
 * Its choices are `options` after an empty first choice `placeholder`, or, where they need groups or
 * their own empty choice (the tag editor, the search filters), <option>/<optgroup> elements as children.
 */
export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
  placeholder,
  error,
  required,
  requiredMark,
  disabled,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options?: readonly SelectOption[];
  /** The empty first choice ("選択してください"). */
  placeholder?: string;
  error?: string;
  required?: boolean;
  /** Drawn after the label of a required field; the account forms' 「必須」 unless a form has its own (the report form's ※). */
  requiredMark?: ReactNode;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <FieldLabel htmlFor={id} label={label} required={required} requiredMark={requiredMark} />
      <select
        id={id}
        name={name}
        className="field__input field__select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={required || undefined}
        disabled={disabled}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
