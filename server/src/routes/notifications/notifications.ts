import { TEXTS } from '@hiraku/shared';
import { writeTransaction } from '../../db/transaction';
import { notFound } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { listNotifications, loadSettings, markRead, noteVisit, notify, saveSettings, unreadCount, unsubscribeWithToken } from '../../notifications';
import type { AppServices } from '../../services';

/** The notifications of the signed-in member; the operators' announcement; the digest's unsubscribe link. */
export function notificationHandlers(services: AppServices): EndpointHandlers<KeysOf<'notifications'> | KeysOf<'announcements'>> {
  const { sequelize, models, storage } = services;
  const deps = { sequelize, models, storage };
  return {
    'notifications.list': async ({ user, query }) => {
      await noteVisit(sequelize, services.caches.visitMarks, user.id);
      return listNotifications(deps, user.id, query.cursor);
    },

    'notifications.unreadCount': async ({ user }) => {
      await noteVisit(sequelize, services.caches.visitMarks, user.id);
      return { count: await unreadCount(deps, user.id) };
    },

    'notifications.read': async ({ user, body }) => {
      const changed = await markRead(deps, user.id, 'all' in body ? 'all' : body.ids);
      // The member's other tabs and devices, on any API process, update their bell.
      if (changed > 0) await services.notifications.bus.publish({ type: 'unread', userId: user.id }).catch(() => undefined);
      return { count: await unreadCount(deps, user.id) };
    },

    'notifications.stream': async ({ user, ctx }) => {
      await services.notifications.hub.open(ctx, user);
      return null;
    },

    'notifications.settings': ({ user }) => loadSettings(sequelize, user.id),

    'notifications.saveSettings': async ({ user, body }) => {
      await writeTransaction(sequelize, (transaction) => saveSettings(sequelize, user.id, body, transaction));
      await services.notifications.bus.publish({ type: 'unread', userId: user.id }).catch(() => undefined);
      return loadSettings(sequelize, user.id);
    },

    'notifications.unsubscribe': async ({ query }) => {
      if (!(await unsubscribeWithToken(deps, query.token))) throw notFound(TEXTS.notification.unsubscribeInvalid);
      return { message: TEXTS.notification.unsubscribed };
    },

    'announcements.create': async ({ user, body }) => {
      await writeTransaction(sequelize, async (transaction) => {
        const announcement = await models.Announcement.create({ title: body.title, body: body.body, authorId: user.id }, { transaction });
        await notify(models, { kind: 'announcement', announcementId: announcement.id }, { transaction });
      });
      return { message: TEXTS.notification.announcementSent };
    },
  };
}
