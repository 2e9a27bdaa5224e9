import { useId, useState } from 'react';
import { CONTENT_WARNING_KEYS, CONTENT_WARNING_LABELS, CONTENT_WARNING_TEXTS, LIMITS, type ContentWarningKey } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { LabelFieldset } from './LabelFieldset';

const t = CONTENT_WARNING_TEXTS;

interface Warnings {
  warnings: ContentWarningKey[];
  warningOther: string | null;
  locked: boolean;
}

/**
 * For operators, beside the image label: add or remove a report's content warnings and lock
 * them against the author's edits; saving asks for the reason (audit log), and the author is told.
 */
export function WarningLabelControl({ reportId, initial, onChange }: { reportId: number; initial: Warnings; onChange: () => void }) {
  const { call } = useApi();
  const id = useId();
  const [value, setValue] = useState(initial);
  const toggle = (key: ContentWarningKey, on: boolean) => setValue((current) => ({ ...current, warnings: CONTENT_WARNING_KEYS.filter((k) => (k === key ? on : current.warnings.includes(k))) }));

  const save = async (reason: string) => {
    const answer = await call('contentWarnings.moderate', { params: { id: reportId }, body: { ...value, reason } });
    setValue({ warnings: answer.report.warnings, warningOther: answer.report.warningOther, locked: answer.report.warningsLocked });
    onChange();
    return answer.message;
  };

  return (
    <LabelFieldset legend={t.operatorHeading} question={t.operatorQuestion} saveLabel={t.operatorSave} save={save}>
      {CONTENT_WARNING_KEYS.map((key) => (
        <label key={key} className="checkbox">
          <input type="checkbox" className="checkbox__input" checked={value.warnings.includes(key)} onChange={(event) => toggle(key, event.target.checked)} />
          <span className="checkbox__label">{CONTENT_WARNING_LABELS[key]}</span>
        </label>
      ))}
      {value.warnings.includes('other') && (
        <div className="field">
          <label htmlFor={`${id}-other`} className="field__label">
            {t.otherLabel}
          </label>
          <input
            id={`${id}-other`}
            className="field__input"
            maxLength={LIMITS.contentWarningOtherMax}
            value={value.warningOther ?? ''}
            onChange={(event) => setValue((current) => ({ ...current, warningOther: event.target.value }))}
          />
        </div>
      )}
      <label className="checkbox">
        <input type="checkbox" className="checkbox__input" checked={value.locked} onChange={(event) => setValue((current) => ({ ...current, locked: event.target.checked }))} />
        <span className="checkbox__label">{t.operatorLocked}</span>
      </label>
    </LabelFieldset>
  );
}
