import { useId, type HTMLInputAutoCompleteAttribute } from 'react';
import { FieldLabel } from './FieldLabel';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  error?: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
}

/** A labelled input whose hint and error are tied to it, so assistive technology reads them with the field. */
export function TextField({ label, name, value, onChange, type = 'text', autoComplete, error, hint, required, placeholder, maxLength, disabled }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        type={type}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        placeholder={placeholder}
        maxLength={maxLength}
        disabled={disabled}
        spellCheck={type === 'text' ? undefined : false}
        autoCapitalize={type === 'text' ? undefined : 'none'}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
