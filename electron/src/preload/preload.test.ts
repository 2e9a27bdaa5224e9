import type { HirakuDesktopBridge } from '../shared/bridge';

/**
 * The preload with Electron faked at its boundary: contextBridge records what is exposed, ipcRenderer is
 * an event emitter the test speaks through as the main process would.
 */
type Listener = (event: unknown, payload: unknown) => void;
const mockIpc = { listeners: new Map<string, Set<Listener>>(), invoked: [] as [string, unknown][], exposed: new Map<string, unknown>() };

jest.mock(
  'electron',
  () => ({
    contextBridge: { exposeInMainWorld: (name: string, value: unknown) => mockIpc.exposed.set(name, value) },
    ipcRenderer: {
      invoke: (channel: string, payload?: unknown) => {
        mockIpc.invoked.push([channel, payload]);
        return Promise.resolve(null);
      },
      on: (channel: string, listener: Listener) => {
        const set = mockIpc.listeners.get(channel) ?? new Set<Listener>();
        set.add(listener);
        mockIpc.listeners.set(channel, set);
      },
      removeListener: (channel: string, listener: Listener) => mockIpc.listeners.get(channel)?.delete(listener),
    },
  }),
  // Virtual: npm installs the electron package only on Node 22.12+ (electron/README.md).
  { virtual: true },
);

import { BRIDGE_CHANNELS } from '../shared/bridge';

// Loaded once the fake above exists (imports are hoisted above it).
beforeAll(async () => {
  await import('./index');
});

const bridge = () => mockIpc.exposed.get('hirakuDesktop') as HirakuDesktopBridge;
const send = (channel: string, payload: unknown) => {
  for (const listener of mockIpc.listeners.get(channel) ?? []) listener({}, payload);
};

describe('preload bridge', () => {
  it('hands the renderer the screens the application menu names, and nothing else', () => {
    const opened: string[] = [];
    const stop = bridge().onOpenScreen((screen) => opened.push(screen));
    send(BRIDGE_CHANNELS.openScreen, 'noticeTemplates');
    send(BRIDGE_CHANNELS.openScreen, 'moderationQueue');
    // A name that is no operator screen, or a path, never reaches the router.
    send(BRIDGE_CHANNELS.openScreen, '/reports');
    send(BRIDGE_CHANNELS.openScreen, { screen: 'members' });
    expect(opened).toEqual(['noticeTemplates', 'moderationQueue']);
    stop();
    send(BRIDGE_CHANNELS.openScreen, 'members');
    expect(opened).toEqual(['noticeTemplates', 'moderationQueue']);
  });

  it('asks the main process for the saved offline queue on its own channel', async () => {
    await bridge().offlineQueue();
    expect(mockIpc.invoked.at(-1)).toEqual([BRIDGE_CHANNELS.offlineQueue, undefined]);
  });
});
