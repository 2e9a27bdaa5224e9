import { useId } from 'react';
import { FieldLabel } from './FieldLabel';

export interface TextAreaFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and read with it: a hint, or a live character count. */
  hint?: string;
  error?: string;
  required?: boolean;
  maxLength?: number;
  rows?: number;
  className?: string;
  disabled?: boolean;
}

/** A labelled long-text field (an enquiry, a takedown request's description), its hint and error tied to it like TextField's. */
export function TextAreaField({ label, name, value, onChange, hint, error, required, maxLength, rows = 8, className, disabled }: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`} data-field={name}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <textarea
        id={id}
        name={name}
        className={className ? `field__input ${className}` : 'field__input'}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
