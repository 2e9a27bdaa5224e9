import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { COMMON_TEXTS, FOLLOW_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { SettingsSection } from './SettingsSection';

const t = FOLLOW_TEXTS;

/**
 * 設定 > フォロー: フォロー承認制, the requests waiting and the member's followers. Only the
 * member sees these lists; nobody else learns who follows them.
 */
export function FollowSection() {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const settings = useEndpointQuery('follows.settings');
  const requests = useEndpointQuery('follows.requests', { query: { page: 1 } });
  const followers = useEndpointQuery('follows.followers', { query: { page: 1 } });
  const [status, setStatus] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: endpointQueryKey('follows.settings') }),
      queryClient.invalidateQueries({ queryKey: endpointQueryKey('follows.requests') }),
      queryClient.invalidateQueries({ queryKey: endpointQueryKey('follows.followers') }),
    ]);
  const approval = useMutation({
    mutationFn: (on: boolean) => call('follows.updateSettings', { body: { approval: on } }),
    onSuccess: (saved) => {
      setStatus(saved.message);
      void refresh();
    },
  });
  const answer = useMutation({
    mutationFn: ({ publicId, approve }: { publicId: string; approve: boolean }) => call(approve ? 'follows.approve' : 'follows.decline', { params: { publicId } }),
    onSuccess: (answered) => {
      setStatus(answered.message);
      void refresh();
    },
  });
  const problem = approval.isError ? errorMessage(approval.error, COMMON_TEXTS.fetchFailed) : answer.isError ? errorMessage(answer.error, COMMON_TEXTS.fetchFailed) : null;

  return (
    <SettingsSection title={t.settingsTitle} className="follow-settings">
      <p className="settings-section__lead">{t.followersPrivacy}</p>
      {settings.data && (
        <>
          <p className="follow-settings__count">{t.followerCount(settings.data.followerCount)}</p>
          <label className="checkbox follow-settings__approval">
            <input
              type="checkbox"
              checked={settings.data.approval}
              disabled={approval.isPending}
              aria-describedby={`${id}-help`}
              onChange={(event) => {
                setStatus(null);
                approval.mutate(event.target.checked);
              }}
            />
            <span className="checkbox__label">{t.approvalLabel}</span>
          </label>
          <p id={`${id}-help`} className="field__hint">
            {t.approvalHelp}
          </p>
        </>
      )}
      <h3 className="settings-section__subheading">{t.requestsTitle}</h3>
      {requests.data && requests.data.members.length === 0 && <p>{t.requestsEmpty}</p>}
      <ul className="follow-settings__list">
        {requests.data?.members.map((member) => (
          <li key={member.publicId} className="follow-settings__item">
            <span>{member.username ?? COMMON_TEXTS.unknownAuthor}</span>
            <button type="button" className="button button--primary" disabled={answer.isPending} onClick={() => answer.mutate({ publicId: member.publicId, approve: true })}>
              {t.approve}
            </button>
            <button type="button" className="button button--ghost" disabled={answer.isPending} onClick={() => answer.mutate({ publicId: member.publicId, approve: false })}>
              {t.decline}
            </button>
          </li>
        ))}
      </ul>
      <h3 className="settings-section__subheading">{t.followersTitle}</h3>
      {followers.data && followers.data.members.length === 0 && <p>{t.followersEmpty}</p>}
      <ul className="follow-settings__list">
        {followers.data?.members.map((member) => (
          <li key={member.publicId} className="follow-settings__item">
            {member.username ?? COMMON_TEXTS.unknownAuthor}
          </li>
        ))}
      </ul>
      <div role="status">{status && <p className="form-info">{status}</p>}</div>
      <div role="alert">{problem && <p className="form-problem">{problem}</p>}</div>
    </SettingsSection>
  );
}
