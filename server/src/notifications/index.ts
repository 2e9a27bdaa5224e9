/**
 * In-app notifications (issue 20). Other features call `notify` (events.ts) inside their transaction;
 * the two hottest writes, a comment and a like, mark their own row instead (pendingMarks.ts);
 * everything else here is the module's own: the fan-out worker, the bus between processes, the streams,
 * the list and counts, settings, and the daily digest.
 */
export { notify, type NotificationEvent, type DecisionTarget } from './events';
export { NOTIFY_PENDING, notificationMarked, pendingNotificationWork, PENDING_NOTIFICATION_WORK_SQL } from './pendingMarks';
export { caseChanged, tellOverdueCases, startCaseOverdueSweep, CASE_OVERDUE_SWEEP_MS } from './cases';
export { createNotificationBus, busReady, type NotificationBus, type BusMessage } from './bus';
export { createNotificationWorker, NOTIFICATION_IDLE_MS } from './fanOut';
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
