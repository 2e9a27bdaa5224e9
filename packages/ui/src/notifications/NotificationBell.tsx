import { Link } from 'react-router-dom';
import { NOTIFICATION_TEXTS } from '@hiraku/shared';
import { useEndpointQuery } from '../query/endpointQuery';
import { PATHS } from '../routes/paths';

const t = NOTIFICATION_TEXTS;

/**
 * The header's bell: a link to /notifications with the unread count, which the stream keeps current
 * (NotificationLive); the label says the count, so a screen reader hears it without the badge.
 */
export function NotificationBell() {
  const { data } = useEndpointQuery('notifications.unreadCount');
  const count = data?.count ?? 0;
  return (
    <Link to={PATHS.notifications} className="notification-bell" aria-label={t.bellLabel(count)} data-testid="notification-bell">
      <svg className="notification-bell__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {count > 0 && (
        <span className="notification-bell__badge" data-testid="notification-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
