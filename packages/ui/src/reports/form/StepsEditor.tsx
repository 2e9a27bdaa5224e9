import { useId } from 'react';
import { LIMITS, REPORT_TEXTS, type ReportFormValues } from '@hiraku/shared';
import { addStep, changeStep, removeStep } from './formRows';
import { usePlatform } from '../../platform/PlatformContext';

const t = REPORT_TEXTS.form;
type Steps = ReportFormValues['play'];

/** Numbered play steps, 序盤 / 中盤 / 終盤 as hints for the first three; removing one renumbers the rest. */
export function StepsEditor({ steps, onChange, error, disabled }: { steps: Steps; onChange: (steps: Steps) => void; error?: string; disabled?: boolean }) {
  const platform = usePlatform();
  const baseId = useId();
  const errorId = useId();
  return (
    <div className={`steps-editor${error ? ' field--invalid' : ''}`} data-field="play">
      <ol className="steps-editor__list">
        {steps.map((step, index) => {
          const id = `${baseId}-${index}`;
          return (
            <li key={index} className="steps-editor__item">
              <div className="steps-editor__head">
                <label htmlFor={id} className="field__label steps-editor__label">
                  <span className="steps-editor__number" aria-hidden="true">
                    {step.stepNumber}
                  </span>
                  {t.step(step.stepNumber)}
                </label>
                <button type="button" className="button button--text" onClick={() => onChange(removeStep(steps, index))} disabled={disabled} aria-label={t.removeStep(step.stepNumber)}>
                  {t.remove}
                </button>
              </div>
              <textarea
                id={id}
                name={`play[${index}][action]`}
                className="field__input steps-editor__text"
                rows={2}
                maxLength={LIMITS.stepActionMax}
                placeholder={t.stepHints[index]}
                value={step.action}
                disabled={disabled}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => onChange(changeStep(steps, index, event.target.value))}
              />
            </li>
          );
        })}
      </ol>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button button--ghost"
        disabled={disabled}
        onClick={() => {
          const next = addStep(steps);
          if (next.ok) onChange(next.rows);
          else platform.alert(next.message);
        }}
      >
        {t.addStep}
      </button>
    </div>
  );
}
