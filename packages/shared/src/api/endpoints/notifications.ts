import { z } from 'zod';
import {
  announcementInputSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationReadSchema,
  notificationSettingsSchema,
  notificationStreamEventSchemas,
  unreadCountSchema,
  unsubscribeQuerySchema,
} from '../../notifications/schemas';
import { endpoint, eventStream } from './define';
import { messageResponseSchema } from '../auth';

/** In-app notifications: the list, the unread count, read marks, the live stream, settings. */
export const NOTIFICATION_ENDPOINTS = {
  /** Newest activity first, a group of likes once; kinds switched off for the app are left out. */
  'notifications.list': endpoint('notifications.list', {
    access: 'member',
    query: notificationListQuerySchema,
    response: notificationPageSchema,
    cache: 'private',
    errors: [],
  }),
  'notifications.unreadCount': endpoint('notifications.unreadCount', { access: 'member', response: unreadCountSchema, cache: 'private', errors: [] }),
  /** Answers the unread count after the change. Ids of other members' notifications change nothing. */
  'notifications.read': endpoint('notifications.read', {
    access: 'member',
    body: notificationReadSchema,
    response: unreadCountSchema,
    cache: 'private',
    errors: [],
  }),
  /**
   * Live: `unread` at once, then `notification` and `unread` as they happen, `: heartbeat` every 25 s;
   * resumes after `Last-Event-ID`; ends with `refresh` when the access token runs out. Operators with
   * two-factor sign-in also get `case` (the queue's changes and counts: the desktop app's badge).
   */
  'notifications.stream': endpoint('notifications.stream', {
    access: 'member',
    response: z.null(),
    stream: eventStream(notificationStreamEventSchemas),
    cache: 'no-store',
    errors: [],
  }),
  'notifications.settings': endpoint('notifications.settings', { access: 'member', response: notificationSettingsSchema, cache: 'private', errors: [] }),
  'notifications.saveSettings': endpoint('notifications.saveSettings', {
    access: 'member',
    body: notificationSettingsSchema,
    response: notificationSettingsSchema,
    cache: 'private',
    errors: [],
  }),
  /**
   * The digest's one-click unsubscribe (List-Unsubscribe-Post) and the link in its text: no session, the
   * token in the URL is the proof. An unknown token answers 404 and changes nothing.
   */
  'notifications.unsubscribe': endpoint('notifications.unsubscribe', {
    access: 'public',
    query: unsubscribeQuerySchema,
    response: messageResponseSchema,
    forgeryProof: 'tokenInUrl',
    cache: 'no-store',
    errors: ['not_found'],
  }),
  /** An operators' announcement, to every member (desktop app and web operator screens). */
  'announcements.create': endpoint('announcements.create', {
    access: 'operator',
    body: announcementInputSchema,
    response: messageResponseSchema,
    status: 201,
    cache: 'private',
    errors: [],
  }),
};
