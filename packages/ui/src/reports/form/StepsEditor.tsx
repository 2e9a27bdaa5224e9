import { useId } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { LIMITS, type ReportFormValues, REPORT_FORM_TEXTS } from '@hiraku/shared';
import { usePlatform } from '../../platform/PlatformContext';
import { addStep, removeStep } from './formRows';

const t = REPORT_FORM_TEXTS;

/**
 * Numbered play steps (a field array of the report form), 序盤 / 中盤 / 終盤 as hints for the first three;
 * removing one renumbers the rest (./formRows keeps the numbering and the limit).
 */
export function StepsEditor({ error, disabled }: { error?: string; disabled?: boolean }) {
  const platform = usePlatform();
  const baseId = useId();
  const errorId = useId();
  const { control, register, getValues, clearErrors } = useFormContext<ReportFormValues>();
  const { fields, append, replace } = useFieldArray({ control, name: 'play' });

  return (
    <div className={`steps-editor${error ? ' field--invalid' : ''}`} data-field="play">
      <ol className="steps-editor__list">
        {fields.map((field, index) => {
          const id = `${baseId}-${index}`;
          // Rows are kept numbered 1..n, so a row's number is its place in the list.
          const stepNumber = index + 1;
          return (
            <li key={field.id} className="steps-editor__item">
              <div className="steps-editor__head">
                <label htmlFor={id} className="field__label steps-editor__label">
                  <span className="steps-editor__number" aria-hidden="true">
                    {stepNumber}
                  </span>
                  {t.step(stepNumber)}
                </label>
                <button
                  type="button"
                  className="button button--text"
                  onClick={() => {
                    replace(removeStep(getValues('play'), index));
                    clearErrors('play');
                  }}
                  disabled={disabled}
                  aria-label={t.removeStep(stepNumber)}
                >
                  {t.remove}
                </button>
              </div>
              <textarea
                id={id}
                {...register(`play.${index}.action`, { onChange: () => clearErrors('play') })}
                className="field__input steps-editor__text"
                rows={2}
                maxLength={LIMITS.stepActionMax}
                placeholder={t.stepHints[index]}
                disabled={disabled}
                aria-describedby={error ? errorId : undefined}
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
          const next = addStep(getValues('play'));
          const added = next.ok ? next.rows.at(-1) : undefined;
          if (!next.ok) platform.alert(next.message);
          else if (added) {
            append(added, { shouldFocus: false });
            clearErrors('play');
          }
        }}
      >
        {t.addStep}
      </button>
    </div>
  );
}
