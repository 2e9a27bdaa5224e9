import { SAVE_BUTTON_TEXTS } from '@hiraku/shared';

export interface SaveButtonViewProps {
  saved: boolean;
  busy: boolean;
  onToggle?: () => void;
  error?: string | null;
}

/** How the save button looks, whether it can act yet or not (SaveButton gives it the state). */
export function SaveButtonView({ saved, busy, onToggle, error = null, className = '' }: SaveButtonViewProps & { className?: string }) {
  return (
    <span className={`save-box ${className}`.trim()}>
      <button type="button" className={`save-button${saved ? ' save-button--on' : ''}`} aria-pressed={saved} disabled={busy} onClick={onToggle}>
        <span aria-hidden="true" className="save-button__mark">
          {saved ? '★' : '☆'}
        </span>
        <span>{saved ? SAVE_BUTTON_TEXTS.saved : SAVE_BUTTON_TEXTS.save}</span>
      </button>
      <span role="alert" className="save-box__alert">
        {error}
      </span>
    </span>
  );
}
