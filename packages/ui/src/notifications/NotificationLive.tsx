import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { endpointPath, NOTIFICATION_TEXTS, type NotificationItem } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { usePlatform } from '../platform/PlatformContext';
import { invalidateNotificationList, setUnreadCount } from './notificationQueries';

const t = NOTIFICATION_TEXTS;
const TOAST_MS = 6_000;

/**
 * The member's live notifications (GET /api/notifications/stream): the bell's count follows `unread`,
 * a `notification` refreshes the list and shows a small toast, and `refresh` (the access token ran out,
 * or the session changed) renews the session through the API client, then connects again; `closed`
 * (too many streams) ends it. The browser's EventSource reconnects
 * by itself after a dropped connection, sending Last-Event-ID. On the desktop the host holds the session,
 * so the bell there is read by the query alone.
 */
export function NotificationLive() {
  const platform = usePlatform();
  const { call } = useApi();
  const queryClient = useQueryClient();
  const [toast, setToast] = useState<NotificationItem | null>(null);
  const [generation, setGeneration] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = !platform.transport && typeof EventSource !== 'undefined';

  useEffect(() => {
    if (!live) return undefined;
    const source = new EventSource(`${platform.apiBaseUrl}${endpointPath('notifications.stream')}`, { withCredentials: true });
    source.addEventListener('unread', (event) => {
      const { count } = JSON.parse((event as MessageEvent<string>).data) as { count: number };
      setUnreadCount(queryClient, count);
    });
    source.addEventListener('notification', (event) => {
      const item = JSON.parse((event as MessageEvent<string>).data) as NotificationItem;
      void invalidateNotificationList(queryClient);
      setToast(item);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setToast(null), TOAST_MS);
    });
    // Closed for a newer stream of this member (too many tabs) or address: reconnecting would only
    // close another; the bell still follows the unread count's query.
    source.addEventListener('closed', () => source.close());
    // The session ended or changed under the stream (signed out, deleted, role): connect again without
    // a call of our own, so a sign-out or deletion made here is not answered with "session invalid";
    // an ended session's new stream is refused (401) and the EventSource stops.
    source.addEventListener('refresh', (event) => {
      const { reason } = JSON.parse((event as MessageEvent<string>).data) as { reason: 'expired' | 'session' };
      if (reason === 'session') {
        source.close();
        setGeneration((value) => value + 1);
        return;
      }
      source.close();
      // Any member call renews an expired access token (one refresh, then the retry); then connect again.
      void call('notifications.unreadCount')
        .then(({ count }) => {
          setUnreadCount(queryClient, count);
          setGeneration((value) => value + 1);
        })
        .catch(() => undefined);
    });
    return () => source.close();
  }, [live, platform.apiBaseUrl, queryClient, call, generation]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return (
    <div className="notification-toast-area" role="status" aria-live="polite">
      {toast && (
        <div className="notification-toast" data-testid="notification-toast">
          <span className="visually-hidden">{t.toastLabel}: </span>
          {toast.link ? (
            <Link to={toast.link} className="notification-toast__text" onClick={() => setToast(null)}>
              {toast.text}
            </Link>
          ) : (
            <span className="notification-toast__text">{toast.text}</span>
          )}
          <button type="button" className="notification-toast__close" aria-label={t.close} onClick={() => setToast(null)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
