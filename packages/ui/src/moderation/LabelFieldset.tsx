import { useId, useState, type ReactNode } from 'react';
import { MODERATION_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { FormStatus } from '../components/forms';
import { ReasonDialog } from './ReasonDialog';

/**
 * The frame of an operator's label control on a report (the image's センシティブ label, the content
 * warnings): the controls, the answer's notice, and a save button that asks for the reason first (audit
 * log), like every operator action. `save` sends the choice with the reason and returns the answer's message.
 */
export function LabelFieldset({
  legend,
  question,
  saveLabel,
  save,
  children,
}: {
  legend: string;
  question: string;
  saveLabel: string;
  save: (reason: string) => Promise<string>;
  children: ReactNode;
}) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const act = async (reason: string): Promise<string | null> => {
    try {
      setNotice(await save(reason));
      setAsking(false);
      return null;
    } catch (error) {
      return errorMessage(error, MODERATION_TEXTS.common.actionFailed);
    }
  };

  return (
    <fieldset className="moderation-panel__image-label" aria-describedby={`${id}-notice`}>
      <legend>{legend}</legend>
      {children}
      <div id={`${id}-notice`}>
        <FormStatus message={notice} />
      </div>
      <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
        {saveLabel}
      </button>
      {asking && <ReasonDialog title={legend} question={question} confirmLabel={saveLabel} onConfirm={act} onCancel={() => setAsking(false)} />}
    </fieldset>
  );
}
