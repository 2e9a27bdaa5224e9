import type { QueryClient } from '@tanstack/react-query';
import { endpointQueryKey } from '../query/endpointQuery';

/** The bell's count, as the stream or a read mark tells it, without asking the server again. */
export function setUnreadCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData(endpointQueryKey('notifications.unreadCount'), { count });
}

/** The list shows what the server holds now (a new notification, a group of likes that moved up). */
export function invalidateNotificationList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: endpointQueryKey('notifications.list') });
}
