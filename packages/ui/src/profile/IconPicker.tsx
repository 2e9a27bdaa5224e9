import { useId, useRef, type ChangeEvent } from 'react';
import { PROFILE_TEXTS } from '@hiraku/shared';
import { iconFileProblem } from './iconFileProblem';
import { ProfileIcon } from './ProfileIcon';
import { useObjectUrl } from './useObjectUrl';

const t = PROFILE_TEXTS.icon;

export interface IconPickerProps {
  /** The stored icon, or null when the member has none. */
  currentIconUrl: string | null;
  /** A newly chosen file, sent with the form; the stored icon stays until the save succeeds. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** Reports a file refused before upload (wrong type, too large). */
  onProblem: (message: string | null) => void;
  /** Deletes the stored icon right away; absent while there is nothing to delete. */
  onRemoveCurrent?: () => void;
  error?: string;
  disabled?: boolean;
}

/**
 * Choosing, previewing and removing the profile icon. A new file only replaces the old icon when the
 * whole form is saved (the server swaps them), so a failed save never leaves the member without one.
 */
export function IconPicker({ currentIconUrl, file, onFileChange, onProblem, onRemoveCurrent, error, disabled }: IconPickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(file);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Cleared so that picking the same file again after "取り消す" still fires a change.
    event.target.value = '';
    if (!chosen) return;
    const problem = iconFileProblem(chosen);
    onProblem(problem);
    if (!problem) onFileChange(chosen);
  };

  const shownAlt = file ? t.preview : currentIconUrl ? t.current : t.none;
  const describedBy = [error ? errorId : null, hintId].filter(Boolean).join(' ');

  return (
    <fieldset className={`field icon-picker${error ? ' field--invalid' : ''}`}>
      <legend className="field__label">{t.legend}</legend>
      <div className="icon-picker__body">
        {previewUrl ? (
          <img className="profile-icon icon-picker__image" src={previewUrl} alt={shownAlt} width={80} height={80} />
        ) : (
          <ProfileIcon iconUrl={currentIconUrl} alt={shownAlt} className="profile-icon icon-picker__image" />
        )}
        <div className="icon-picker__controls">
          <input
            ref={inputRef}
            id={inputId}
            name="icon"
            type="file"
            accept="image/*"
            className="visually-hidden icon-picker__input"
            onChange={onChange}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
          />
          <label htmlFor={inputId} className={`button button--ghost icon-picker__choose${disabled ? ' is-disabled' : ''}`}>
            {file || currentIconUrl ? t.change : t.choose}
          </label>
          {file && (
            <button type="button" className="button button--text" onClick={() => onFileChange(null)} disabled={disabled}>
              {t.undo}
            </button>
          )}
          {!file && currentIconUrl && onRemoveCurrent && (
            <button type="button" className="button button--text icon-picker__remove" onClick={onRemoveCurrent} disabled={disabled}>
              {t.remove}
            </button>
          )}
        </div>
      </div>
      {file && <p className="field__hint icon-picker__selected">{t.selected(file.name)}</p>}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      <p id={hintId} className="field__hint">
        {t.hint}
      </p>
    </fieldset>
  );
}
