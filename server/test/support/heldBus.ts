import type { BusMessage, NotificationBus } from '../../src/notifications/bus';

/**
 * A bus that keeps what is published and delivers it nowhere: a test runs the notification worker with it
 * to see what the worker tells, and to choose when (or whether) the app's own bus carries it.
 */
export function heldBus(): { bus: NotificationBus; published: BusMessage[] } {
  const published: BusMessage[] = [];
  return {
    published,
    bus: {
      publish: async (...messages) => void published.push(...messages),
      subscribe: () => () => undefined,
      onResume: () => () => undefined,
      onLost: () => () => undefined,
      close: async () => undefined,
    },
  };
}
