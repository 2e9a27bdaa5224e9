import { useQuery } from '@tanstack/react-query';
import { FLAG_CATEGORY_TEXTS, formatDateTimeJa, MODERATION_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import type { ModerationApi } from '../api/moderationApi';
import { endpointQueryKey } from '../query/endpointQuery';
import { FormAlert } from '../components/forms';
import { MemberStageSection } from './MemberStageSection';

const t = MODERATION_TEXTS.cases;
const c = MODERATION_TEXTS.common;

/** Beside the queue: everything moderation knows about one member (stage, cases, strikes, suspensions, appeals, notes). */
export function MemberHistoryPanel({ api, publicId, name, onClose }: { api: ModerationApi; publicId: string; name: string; onClose: () => void }) {
  const history = useQuery({
    queryKey: endpointQueryKey('moderation.memberHistory', { params: { publicId } }),
    queryFn: ({ signal }) => api.memberHistory(publicId, signal),
    staleTime: 0,
  });
  const data = history.data;
  const none = <p>{t.historyNone}</p>;
  return (
    <aside className="cases__history" aria-label={t.historyHeading(name)}>
      <h2 className="moderation__subheading">{t.historyHeading(name)}</h2>
      <button type="button" className="button button--small button--ghost" onClick={onClose}>
        {t.historyClose}
      </button>
      {history.isPending && <p role="status">{c.loading}</p>}
      <FormAlert message={history.isError ? errorMessage(history.error, c.loadFailed) : null} />
      {data && (
        <>
          <MemberStageSection api={api} publicId={publicId} stage={data.member.stage} />
          <p className="cases__history-follows">{t.historyFollows(data.member.followers, data.member.following)}</p>
          <h3 className="moderation__subheading">{t.historyCases}</h3>
          {data.cases.length === 0
            ? none
            : (
                <ul>
                  {data.cases.map((entry) => (
                    <li key={entry.id}>
                      {t.types[entry.targetType]}・{FLAG_CATEGORY_TEXTS[entry.category].label}・{formatDateTimeJa(entry.openedAt)}・
                      {entry.decision ? t.actions[entry.decision] : t.statuses.open}
                    </li>
                  ))}
                </ul>
              )}
          <h3 className="moderation__subheading">{t.historyStrikes}</h3>
          {data.strikes.length === 0 ? none : <ul>{data.strikes.map((strike, index) => <li key={index}>{formatDateTimeJa(strike.createdAt)}・{strike.reason}</li>)}</ul>}
          <h3 className="moderation__subheading">{t.historySuspensions}</h3>
          {data.suspensions.length === 0 ? none : <ul>{data.suspensions.map((entry, index) => <li key={index}>{formatDateTimeJa(entry.at)}・{entry.reason ?? ''}</li>)}</ul>}
          <h3 className="moderation__subheading">{t.historyAppeals}</h3>
          {data.appeals.length === 0 ? none : <ul>{data.appeals.map((entry) => <li key={entry.appealCaseId}>{formatDateTimeJa(entry.filedAt)}・{entry.text}</li>)}</ul>}
          <h3 className="moderation__subheading">{t.historyNotes}</h3>
          {data.notes.length === 0 ? none : <ul>{data.notes.map((note, index) => <li key={index}>{note.text}</li>)}</ul>}
        </>
      )}
    </aside>
  );
}
