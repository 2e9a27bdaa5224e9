import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { COMMON_TEXTS, FOLLOW_TEXTS, type FollowItem } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { publicProfilePath } from '../routes/paths';
import { SettingsSection } from './SettingsSection';

const t = FOLLOW_TEXTS;

/**
 * 設定 > フォロー中: the members, tags and categories I follow (requests included), a page at a
 * time, each with フォローをやめる. Only the member themself ever sees this list.
 */
export function FollowingSection() {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useEndpointQuery('follows.list', { query: { page } });
  const [status, setStatus] = useState<string | null>(null);
  const unfollow = useMutation({
    mutationFn: (item: FollowItem) =>
      item.kind === 'member'
        ? call('follows.unfollowMember', { params: { publicId: item.key } })
        : call(item.kind === 'tag' ? 'follows.unfollowTag' : 'follows.unfollowCategory', { params: { id: Number(item.key) } }),
    onSuccess: (answer) => {
      setStatus(answer.message);
      for (const key of ['follows.list', 'follows.memberIds', 'follows.topicIds', 'follows.memberState', 'reports.feed'] as const) {
        void queryClient.invalidateQueries({ queryKey: endpointQueryKey(key) });
      }
    },
  });
  const data = list.data;
  // The last item of a page gone: go back a page rather than show an empty one.
  if (data && data.items.length === 0 && page > 1) setPage(page - 1);

  return (
    <SettingsSection title={t.followingListTitle} className="following-settings">
      <p className="settings-section__lead">{t.followingListLead}</p>
      {list.isError && <p className="form-problem">{errorMessage(list.error, COMMON_TEXTS.fetchFailed)}</p>}
      {!data && !list.isError && <p role="status">{COMMON_TEXTS.loading}</p>}
      {data && data.items.length === 0 && page === 1 && <p className="settings-empty">{t.followingListEmpty}</p>}
      {data && data.items.length > 0 && (
        <>
          <p className="following-settings__total">{t.followingListTotal(data.total)}</p>
          <ul className="settings-list following-settings__list">
            {data.items.map((item) => {
              const kind = t.followKindLabels[item.kind];
              const name = item.name ?? t.unnamed;
              return (
                <li key={`${item.kind}:${item.key}`} className="settings-list__item following-settings__item">
                  <span className="badge">{kind}</span>
                  {item.kind === 'member' ? <Link to={publicProfilePath(item.key)}>{name}</Link> : <span>{name}</span>}
                  {item.state === 'pending' && <span className="settings-list__note">{t.requested}</span>}
                  <button type="button" className="button button--ghost" aria-label={t.unfollowItemLabel(kind, name)} disabled={unfollow.isPending} onClick={() => unfollow.mutate(item)}>
                    {t.unfollow}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {data && (page > 1 || data.hasMore) && (
        <nav className="following-settings__pages" aria-label={t.followingListTitle}>
          <button type="button" className="button button--ghost" disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t.previousPage}
          </button>
          <span>{t.pageOf(page)}</span>
          <button type="button" className="button button--ghost" disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
            {t.nextPage}
          </button>
        </nav>
      )}
      <div role="status">{status && <p className="form-info">{status}</p>}</div>
      <div role="alert">{unfollow.isError && <p className="form-problem">{errorMessage(unfollow.error, COMMON_TEXTS.fetchFailed)}</p>}</div>
    </SettingsSection>
  );
}
