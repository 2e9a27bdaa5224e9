import type { ReactNode } from 'react';
import { ACCOUNT_TEXTS } from '@hiraku/shared';

/** A field's label with the mark of a required field (the account forms' 「必須」 unless the form brings its own). */
export function FieldLabel({ htmlFor, label, required, requiredMark }: { htmlFor: string; label: ReactNode; required?: boolean; requiredMark?: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="field__label">
      {label}
      {required &&
        (requiredMark ?? (
          <span className="field__required" aria-hidden="true">
            {ACCOUNT_TEXTS.required}
          </span>
        ))}
    </label>
  );
}
