import { useMemo, useState } from 'react';
import { MODERATION_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { createModerationApi } from '../api/moderationApi';
import { FormStatus } from '../components/forms';
import { ReasonDialog } from './ReasonDialog';

const t = MODERATION_TEXTS.reportModeration;

/** On a report's page, for operators: hide it from everyone but its author and operators, or show it again. */
export default function ReportModerationPanel({ reportId, hidden, onChange }: { reportId: number; hidden: boolean; onChange: (hidden: boolean) => void }) {
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
    </section>
  );
}
