import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { COMMON_TEXTS, NOTIFICATION_TEXTS, type NotificationItem } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { useEndlessPaging } from '../query/endlessPaging';
import { endpointQueryKey } from '../query/endpointQuery';
import { LoadMoreSentinel } from '../reports/LoadMoreSentinel';
import { invalidateNotificationList, setUnreadCount } from './notificationQueries';

const t = NOTIFICATION_TEXTS;

function NotificationRow({ item }: { item: NotificationItem }) {
  const when = new Date(item.updatedAt).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' });
  const body = (
    <>
      {!item.read && <span className="notification-row__unread">{t.unread}</span>}
      <span className="notification-row__text">{item.text}</span>
      {item.body && <span className="notification-row__body">{item.body}</span>}
      <time className="notification-row__time" dateTime={item.updatedAt}>
        {when}
      </time>
    </>
  );
  return (
    <li className={`notification-row${item.read ? '' : ' notification-row--unread'}`} data-testid="notification-row">
      {item.link ? (
        <Link to={item.link} className="notification-row__link">
          {body}
        </Link>
      ) : (
        <div className="notification-row__link">{body}</div>
      )}
    </li>
  );
}

/**
 * /notifications: newest activity first, loaded page by page as the member scrolls. Opening the page
 * reads what it shows (the bell clears), as on the sites members know; new ones arriving meanwhile
 * are marked by the button.
 */
export function NotificationsPage() {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: endpointQueryKey('notifications.list'),
    queryFn: ({ pageParam, signal }) => call('notifications.list', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const { failed, loading, loadMore, retry } = useEndlessPaging(list);
  const items = useMemo(() => (list.data?.pages ?? []).flatMap((page) => page.items), [list.data]);
  const markAll = useMutation({
    mutationFn: () => call('notifications.read', { body: { all: true } }),
    onSuccess: ({ count }) => {
      setUnreadCount(queryClient, count);
      void invalidateNotificationList(queryClient);
    },
  });
  const markedOnOpen = useRef(false);
  const hasUnread = items.some((item) => !item.read);
  useEffect(() => {
    if (markedOnOpen.current || list.data === undefined) return;
    markedOnOpen.current = true;
    if (hasUnread) markAll.mutate();
  }, [list.data, hasUnread, markAll]);

  return (
    <div className="page page--narrow notifications-page">
      <PageTitle page={t.pageTitle} />
      <div className="notifications-page__head">
        <h1 className="page__title">{t.pageTitle}</h1>
        <button type="button" className="button button--ghost" onClick={() => markAll.mutate()} disabled={markAll.isPending || !hasUnread}>
          {t.markAllRead}
        </button>
      </div>
      <FormAlert message={failed ? errorMessage(list.error, t.loadFailed) : null} />
      {failed && (
        <button type="button" className="button button--ghost" onClick={retry}>
          {t.retry}
        </button>
      )}
      {!failed && !loading && items.length === 0 && <p className="notifications-page__empty">{t.empty}</p>}
      <ul className="notification-list" aria-busy={loading}>
        {items.map((item) => (
          <NotificationRow key={item.id} item={item} />
        ))}
      </ul>
      {loading && <p className="notifications-page__loading">{COMMON_TEXTS.loading}</p>}
      <LoadMoreSentinel onVisible={loadMore} busy={loading} active={list.hasNextPage && !failed} />
    </div>
  );
}
