import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCEPTED_IMAGE_TYPES, IMAGE_ATTESTATION_TEXTS, LIMITS, IMAGE_MESSAGES, REPORT_FORM_TEXTS, SENSITIVE_IMAGE_TEXTS } from '@hiraku/shared';
import { PATHS } from '../../routes/paths';
import { sniffImageType } from './imageSignature';

/** The two per-image attestations of issue 19. */
export interface ImageAttestation {
  consent: boolean;
  mosaic: boolean;
}

const t = REPORT_FORM_TEXTS;

/** The first reason the server would refuse this file, checked early so the member need not wait for the upload. */
export function imageProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.unsupported;
  if (file.size > LIMITS.imageMaxBytes) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/**
 * Main image: a file input limited to images, a preview of the chosen file, the current image on edit
 * (with a way to remove it), and the upload progress while the form is being sent.
 */
export function MainImageField({
  file,
  onFileChange,
  currentUrl,
  removeCurrent,
  onRemoveCurrentChange,
  progress,
  error,
  disabled,
  attestation,
  onAttestationChange,
  sensitive,
  sensitiveLocked,
  onSensitiveChange,
}: {
  file: File | null;
  onFileChange: (file: File | null) => void;
  currentUrl: string | null;
  removeCurrent: boolean;
  onRemoveCurrentChange: (remove: boolean) => void;
  /** 0 to 1 while uploading, null otherwise. */
  progress: number | null;
  error?: string;
  disabled?: boolean;
  attestation: ImageAttestation;
  onAttestationChange: (attestation: ImageAttestation) => void;
  /** The センシティブな画像 label: on by default. */
  sensitive: boolean;
  /** An operator locked the label on: shown ticked, not changeable, with the reason. */
  sensitiveLocked: boolean;
  onSensitiveChange: (sensitive: boolean) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shownError = problem ?? error;
  // Issue 39: a refusal is said here, at the field, and the view and focus come here (the form may be scrolled far away).
  useEffect(() => {
    if (!shownError) return;
    fieldRef.current?.scrollIntoView({ block: 'center' });
    inputRef.current?.focus({ preventScroll: true });
  }, [shownError]);
  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <div ref={fieldRef} className={`field image-field${shownError ? ' field--invalid' : ''}`} data-field="mainImage">
      <input
        ref={inputRef}
        id={id}
        name="mainImage"
        type="file"
        accept="image/*"
        className="image-field__input visually-hidden"
        disabled={disabled}
        aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
        aria-invalid={shownError ? true : undefined}
        onChange={(event) => {
          const input = event.target;
          const chosen = input.files?.[0] ?? null;
          void (async () => {
            // The name and the browser's type only guess; the first bytes say what the file is.
            const reason = chosen ? (imageProblem(chosen) ?? ((await sniffImageType(chosen)) ? null : IMAGE_MESSAGES.notAnImage)) : null;
            setProblem(reason);
            if (reason) {
              input.value = '';
              onFileChange(null);
            } else {
              onFileChange(chosen);
            }
          })();
        }}
      />
      <div className="image-field__picker">
        <label htmlFor={id} className={`button button--ghost image-field__button${disabled ? ' image-field__button--disabled' : ''}`}>
          {file || currentUrl ? t.imageChange : t.imageLabel}
        </label>
        {(file || !currentUrl) && <span className="image-field__file">{file ? file.name : t.noFileChosen}</span>}
      </div>
      <p id={hintId} className="field__hint">
        {t.imageHint}
      </p>
      {shownError && (
        <p id={errorId} className="field__error" role="alert">
          {shownError}
        </p>
      )}
      {preview && (
        <figure className="image-field__preview">
          <img src={preview} alt={t.imagePreview} />
          <button
            type="button"
            className="button button--text"
            disabled={disabled}
            onClick={() => {
              if (inputRef.current) inputRef.current.value = '';
              onFileChange(null);
            }}
          >
            {t.clearImage}
          </button>
        </figure>
      )}
      {file && (
        <fieldset className="image-field__attestation">
          <legend>{IMAGE_ATTESTATION_TEXTS.legend}</legend>
          {(['consent', 'mosaic'] as const).map((key) => (
            <label key={key} className="checkbox">
              <input
                type="checkbox"
                className="checkbox__input"
                name={key === 'consent' ? 'imageConsent' : 'imageMosaic'}
                checked={attestation[key]}
                disabled={disabled}
                onChange={(event) => onAttestationChange({ ...attestation, [key]: event.target.checked })}
              />
              <span className="checkbox__label">{IMAGE_ATTESTATION_TEXTS[key]}</span>
            </label>
          ))}
          <p className="field__hint">
            <Link to={PATHS.imageRules}>{IMAGE_ATTESTATION_TEXTS.rulesLink}</Link>
          </p>
        </fieldset>
      )}
      {!preview && currentUrl && (
        <figure className="image-field__preview">
          <img src={currentUrl} alt={t.currentImage} className={removeCurrent ? 'image-field__img--removed' : undefined} />
          <label className="checkbox">
            <input type="checkbox" className="checkbox__input" checked={removeCurrent} disabled={disabled} onChange={(event) => onRemoveCurrentChange(event.target.checked)} />
            <span className="checkbox__label">{t.removeImage}</span>
          </label>
        </figure>
      )}
      {(file || (currentUrl && !removeCurrent)) && (
        <div className="image-field__sensitive" data-field="imageSensitive">
          <label className="checkbox">
            <input
              type="checkbox"
              className="checkbox__input"
              name="imageSensitive"
              checked={sensitive || sensitiveLocked}
              disabled={disabled || sensitiveLocked}
              aria-describedby={`${id}-sensitive-hint`}
              onChange={(event) => onSensitiveChange(event.target.checked)}
            />
            <span className="checkbox__label">{SENSITIVE_IMAGE_TEXTS.label}</span>
          </label>
          <p id={`${id}-sensitive-hint`} className="field__hint">
            {sensitiveLocked ? SENSITIVE_IMAGE_TEXTS.formLocked : SENSITIVE_IMAGE_TEXTS.formHint}
          </p>
        </div>
      )}
      {percent !== null && (
        <div className="image-field__progress" role="status">
          <progress max={100} value={percent} aria-label={t.uploading(percent)} />
          <span>{t.uploading(percent)}</span>
        </div>
      )}
    </div>
  );
}
