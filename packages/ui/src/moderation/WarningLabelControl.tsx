import { useId, useState } from 'react';
import { CONTENT_WARNING_KEYS, CONTENT_WARNING_LABELS, CONTENT_WARNING_TEXTS, LIMITS, MODERATION_TEXTS, type ContentWarningKey } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormStatus } from '../components/forms';
import { ReasonDialog } from './ReasonDialog';

const t = CONTENT_WARNING_TEXTS;

interface Warnings {
  warnings: ContentWarningKey[];
  warningOther: string | null;
  locked: boolean;
}

/**
 * For operators, beside the image label (issue 37): add or remove a report's content warnings and lock
 * them against the author's edits; saving asks for the reason (audit log), and the author is told.
 */
export function WarningLabelControl({ reportId, initial, onChange }: { reportId: number; initial: Warnings; onChange: () => void }) {
  const { call } = useApi();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const toggle = (key: ContentWarningKey, on: boolean) => setValue((current) => ({ ...current, warnings: CONTENT_WARNING_KEYS.filter((k) => (k === key ? on : current.warnings.includes(k))) }));

  const act = async (reason: string): Promise<string | null> => {
    try {
      const answer = await call('contentWarnings.moderate', { params: { id: reportId }, body: { ...value, reason } });
      setValue({ warnings: answer.report.warnings, warningOther: answer.report.warningOther, locked: answer.report.warningsLocked });
      setNotice(answer.message);
      setAsking(false);
      onChange();
      return null;
    } catch (error) {
      return errorMessage(error, MODERATION_TEXTS.common.actionFailed);
    }
  };

  return (
    <fieldset className="moderation-panel__image-label" aria-describedby={`${id}-notice`}>
      <legend>{t.operatorHeading}</legend>
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
      <div id={`${id}-notice`}>
        <FormStatus message={notice} />
      </div>
      <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
        {t.operatorSave}
      </button>
      {asking && <ReasonDialog title={t.operatorHeading} question={t.operatorQuestion} confirmLabel={t.operatorSave} onConfirm={act} onCancel={() => setAsking(false)} />}
    </fieldset>
  );
}
