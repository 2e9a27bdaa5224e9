import { useId } from 'react';
import { CONTENT_WARNING_KEYS, CONTENT_WARNING_LABELS, CONTENT_WARNING_TEXTS, LIMITS, type ContentWarningKey } from '@hiraku/shared';

const t = CONTENT_WARNING_TEXTS;

/**
 * The report form's 注意書き: any number of labels, and the words of その他 when it is chosen.
 * Locked by an operator, the fields show the labels but cannot change them.
 */
export function ContentWarningFields({
  warnings,
  other,
  onWarningsChange,
  onOtherChange,
  locked,
  disabled,
  error,
}: {
  warnings: readonly ContentWarningKey[];
  other: string;
  onWarningsChange: (warnings: ContentWarningKey[]) => void;
  onOtherChange: (other: string) => void;
  locked: boolean;
  disabled: boolean;
  error: string | undefined;
}) {
  const id = useId();
  const off = disabled || locked;
  const toggle = (key: ContentWarningKey, on: boolean) => onWarningsChange(CONTENT_WARNING_KEYS.filter((k) => (k === key ? on : warnings.includes(k))));
  return (
    <div className="content-warning-fields" data-field="warnings">
      <p id={`${id}-hint`} className="field__hint">
        {locked ? t.formLocked : t.formHint}
      </p>
      <div className="content-warning-fields__choices" role="group" aria-describedby={`${id}-hint`}>
        {CONTENT_WARNING_KEYS.map((key) => (
          <label key={key} className="checkbox">
            <input type="checkbox" className="checkbox__input" name="warnings" value={key} checked={warnings.includes(key)} onChange={(event) => toggle(key, event.target.checked)} disabled={off} />
            <span className="checkbox__label">{CONTENT_WARNING_LABELS[key]}</span>
          </label>
        ))}
      </div>
      {warnings.includes('other') && (
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-other`} className="field__label">
            {t.otherLabel}
          </label>
          <input
            id={`${id}-other`}
            name="warningOther"
            className="field__input"
            maxLength={LIMITS.contentWarningOtherMax}
            placeholder={t.otherPlaceholder}
            value={other}
            onChange={(event) => onOtherChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            disabled={off}
          />
        </div>
      )}
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}
