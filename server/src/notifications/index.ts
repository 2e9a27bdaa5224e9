/**
 * In-app notifications. Other features call `notify` (events.ts) inside their transaction;
 * everything else here is the module's own: the fan-out worker, the bus between processes, the streams,
 * the list and counts, settings, and the daily digest.
 */
export { notify, pendingNotificationWork, PENDING_NOTIFICATION_WORK_SQL, type NotificationEvent, type DecisionTarget } from './events';
export { createNotificationBus, busReady, type NotificationBus, type BusMessage } from './bus';
export { createNotificationWorker, NOTIFICATION_IDLE_MS, NOTIFICATION_ROUND_GAP_MS } from './fanOut';
export { createStreamHub, type NotificationStreamHub } from './stream';
export { sendDailyDigest, startDigestSchedule, unsubscribeWithToken, digestDue } from './digest';
export { listNotifications, unreadCount, markRead, noteVisit } from './store';
export { loadSettings, saveSettings } from './settings';
export { forgetNotificationsOfComments, forgetLikeGroupsOnlyOf } from './withdraw';

import type { NotificationBus } from './bus';
import type { NotificationStreamHub } from './stream';

/** What an API process holds for notifications (AppServices.notifications). */
export interface NotificationRuntime {
  bus: NotificationBus;
  hub: NotificationStreamHub;
}
