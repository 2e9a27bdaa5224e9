import { EventEmitter } from 'node:events';
import { listenerOf, type BusMessage, type NotificationBus } from '../../src/notifications/bus';

/**
 * An in-process bus a test cuts and brings back in the steps a Redis reconnection takes: `lose()` (the
 * subscription's connection closed: listeners are told, what is published from then on reaches no one and
 * is kept in `missed`), `reconnect()` (messages flow again, before the listeners know), `resume()` (the
 * listeners are told to read back).
 */
export function switchedBus(): { bus: NotificationBus; missed: BusMessage[]; lose(): void; reconnect(): void; resume(): void } {
  const local = new EventEmitter();
  const missed: BusMessage[] = [];
  let connected = true;
  return {
    missed,
    bus: {
      async publish(...messages) {
        for (const message of messages) {
          if (connected) local.emit('message', message);
          else missed.push(message);
        }
      },
      subscribe: listenerOf<[BusMessage]>(local, 'message'),
      onResume: listenerOf(local, 'resume'),
      onLost: listenerOf(local, 'lost'),
      async close() {
        local.removeAllListeners();
      },
    },
    lose() {
      connected = false;
      local.emit('lost');
    },
    reconnect() {
      connected = true;
    },
    resume() {
      local.emit('resume');
    },
  };
}
