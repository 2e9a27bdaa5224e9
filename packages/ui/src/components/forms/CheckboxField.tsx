import { useId, type ReactNode } from 'react';

export interface CheckboxFieldProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The label; may hold a link (the terms of service). */
  children: ReactNode;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

export function CheckboxField({ name, checked, onChange, children, error, required, disabled }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field field--checkbox${error ? ' field--invalid' : ''}`}>
      <div className="checkbox">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="checkbox__input"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required={required || undefined}
          disabled={disabled}
        />
        <label htmlFor={id} className="checkbox__label">
          {children}
        </label>
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
