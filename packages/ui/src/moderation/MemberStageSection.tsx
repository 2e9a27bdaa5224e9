import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTimeJa, MODERATION_TEXTS, NEW_MEMBER_TEXTS, type MemberStageView } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import type { ModerationApi } from '../api/moderationApi';
import { endpointQueryKey } from '../query/endpointQuery';
import { ReasonDialog } from './ReasonDialog';

const t = NEW_MEMBER_TEXTS;

/**
 * The member history's 参加段階: whether the member is held by the new members' limits, until
 * when and why, and the operator's lift / restore, each asked for its reason (audit-logged).
 */
export function MemberStageSection({ api, publicId, stage }: { api: ModerationApi; publicId: string; stage: MemberStageView }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const lifting = stage.stage === 'new';
  const change = async (reason: string): Promise<string | null> => {
    try {
      await api.setMemberStage(publicId, lifting ? 'established' : 'new', reason);
    } catch (error) {
      return errorMessage(error, MODERATION_TEXTS.common.actionFailed);
    }
    setAsking(false);
    await queryClient.invalidateQueries({ queryKey: endpointQueryKey('moderation.memberHistory', { params: { publicId } }) });
    return null;
  };
  return (
    <>
      <h3 className="moderation__subheading">{t.heading}</h3>
      <p>
        {stage.stage === 'new' && stage.until ? t.stageNew(formatDateTimeJa(stage.until)) : t.stageEstablished}
        {stage.reason && `・${t.reasons[stage.reason]}`}
      </p>
      <button type="button" className="button button--small" onClick={() => setAsking(true)}>
        {lifting ? t.lift : t.restore}
      </button>
      {asking && (
        <ReasonDialog
          title={lifting ? t.lift : t.restore}
          question={lifting ? t.liftQuestion : t.restoreQuestion}
          confirmLabel={lifting ? t.lift : t.restore}
          onConfirm={change}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
