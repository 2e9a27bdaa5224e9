import { useMemo, useState } from 'react';
import { MODERATION_TEXTS, SENSITIVE_IMAGE_TEXTS, type ContentWarningKey, type ReportImage } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { createModerationApi } from '../api/moderationApi';
import { FormStatus } from '../components/forms';
import { ReasonDialog } from './ReasonDialog';
import { LabelFieldset } from './LabelFieldset';
import { WarningLabelControl } from './WarningLabelControl';

const t = MODERATION_TEXTS.reportModeration;

/**
 * On a report's page, for operators: hide it from everyone but its author and operators, or show it
 * again; and set its image's センシティブな画像 label and lock.
 */
export default function ReportModerationPanel({
  reportId,
  hidden,
  onChange,
  image,
  onImageLabelChange,
  warnings,
}: {
  reportId: number;
  hidden: boolean;
  onChange: (hidden: boolean) => void;
  image: ReportImage | null;
  onImageLabelChange: () => void;
  /** The report's content warnings and their lock; saved like the image label. */
  warnings: { warnings: ContentWarningKey[]; warningOther: string | null; locked: boolean };
}) {
  const { client } = useApi();
  const api = useMemo(() => createModerationApi(client), [client]);
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const label = hidden ? t.unhide : t.hide;

  const act = async (reason: string): Promise<string | null> => {
    try {
      const answer = await api.setReportHidden(reportId, !hidden, reason);
      onChange(answer.report.isHidden);
      setNotice(answer.message);
      setAsking(false);
      return null;
    } catch (error) {
      return errorMessage(error, MODERATION_TEXTS.common.actionFailed);
    }
  };

  return (
    <section className="report-detail__section moderation-panel" aria-labelledby="report-moderation-heading">
      <h2 id="report-moderation-heading" className="section-heading">
        {t.heading}
      </h2>
      <FormStatus message={notice} />
      <button type="button" className={`button ${hidden ? 'button--ghost' : 'button--danger'}`} onClick={() => setAsking(true)}>
        {label}
      </button>
      {asking && (
        <ReasonDialog title={label} question={hidden ? t.questions.unhide : t.questions.hide} confirmLabel={label} onConfirm={act} onCancel={() => setAsking(false)} />
      )}
      {image && <ImageLabelControl reportId={reportId} image={image} onChange={onImageLabelChange} />}
      <WarningLabelControl reportId={reportId} initial={warnings} onChange={onImageLabelChange} />
    </section>
  );
}

const s = SENSITIVE_IMAGE_TEXTS;

/** The image's label and its lock as checkboxes. */
function ImageLabelControl({ reportId, image, onChange }: { reportId: number; image: ReportImage; onChange: () => void }) {
  const { call } = useApi();
  const [label, setLabel] = useState({ sensitive: image.sensitive, locked: image.locked });

  const save = async (reason: string) => {
    const answer = await call('moderation.setImageLabel', { params: { id: reportId }, body: { ...label, reason } });
    setLabel({ sensitive: answer.report.imageSensitive, locked: answer.report.imageSensitiveLocked });
    onChange();
    return answer.message;
  };

  return (
    <LabelFieldset legend={s.operatorHeading} question={s.operatorQuestion} saveLabel={s.operatorSave} save={save}>
      <label className="checkbox">
        <input
          type="checkbox"
          className="checkbox__input"
          checked={label.sensitive}
          // A locked label is always on: unlocking comes first.
          onChange={(event) => setLabel({ sensitive: event.target.checked, locked: event.target.checked && label.locked })}
        />
        <span className="checkbox__label">{s.operatorSensitive}</span>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          className="checkbox__input"
          checked={label.locked}
          onChange={(event) => setLabel({ sensitive: label.sensitive || event.target.checked, locked: event.target.checked })}
        />
        <span className="checkbox__label">{s.operatorLocked}</span>
      </label>
    </LabelFieldset>
  );
}
