import { z } from 'zod';
import { DESKTOP_MESSAGES } from '@hiraku/shared';
import { BRIDGE_CHANNELS, type DesktopState, type SetServerResult, type SetUpdateFeedResult } from '../shared/bridge';
import { updateFeedUrlSchema } from './updateCheck';
import type { OfflineQueueStore } from './offlineQueue';
import type { PasskeyCeremony } from './passkeyCeremony';
import type { RequestProxy } from './proxy/requestProxy';
import { isServerLink } from './navigationGuards';
import { parseServerUrl } from './serverUrl';
import type { SettingsStore } from './settingsStore';

export type InvokeChannel = Exclude<(typeof BRIDGE_CHANNELS)[keyof typeof BRIDGE_CHANNELS], typeof BRIDGE_CHANNELS.connectivity | typeof BRIDGE_CHANNELS.openScreen>;

export type BridgeHandlers = Record<InvokeChannel, (payload: unknown) => Promise<unknown>>;

export interface BridgeHandlerOptions {
  proxy: RequestProxy;
  settings: SettingsStore;
  version: string;
  isOnline: () => boolean;
  openExternal: (url: string) => void;
  passkeys: PasskeyCeremony;
  /** Issue 38: keeps the queue's first page for the read-only offline view; none, nothing is kept. */
  offlineQueue?: OfflineQueueStore;
  /** After the operator chose another server (the session is already gone). */
  onServerChanged?: () => Promise<void>;
}

const urlText = z.string().max(2048);

/**
 * What each bridge call does, with its argument checked first. Plain functions: Electron's ipcMain
 * (main/ipc.ts) and the browser tests' host call the very same ones.
 */
export function createBridgeHandlers(options: BridgeHandlerOptions): BridgeHandlers {
  const { proxy, settings } = options;
  return {
    [BRIDGE_CHANNELS.request]: async (payload) => {
      const result = await proxy.call(payload);
      options.offlineQueue?.observe(payload, result);
      return result;
    },
    [BRIDGE_CHANNELS.getState]: async (): Promise<DesktopState> => ({
      serverOrigin: settings.get().serverOrigin,
      version: options.version,
      online: options.isOnline(),
      passkeys: options.passkeys.supported,
      updateFeedUrl: settings.get().updateFeedUrl,
    }),
    [BRIDGE_CHANNELS.setServer]: async (payload): Promise<SetServerResult> => {
      const text = urlText.safeParse(payload);
      const result = parseServerUrl(text.success ? text.data : '');
      if (!result.ok) return result;
      if (result.origin !== settings.get().serverOrigin) {
        // The session belongs to the old server; it must not travel to the new one.
        await proxy.logout();
        options.offlineQueue?.clear();
        settings.update({ serverOrigin: result.origin });
        await options.onServerChanged?.();
      }
      return result;
    },
    [BRIDGE_CHANNELS.openExternal]: async (payload) => {
      const url = urlText.safeParse(payload);
      if (url.success && isServerLink(url.data, settings.get().serverOrigin)) options.openExternal(url.data);
    },
    [BRIDGE_CHANNELS.passkeyCreate]: (payload) => options.passkeys.create(payload),
    [BRIDGE_CHANNELS.passkeyGet]: (payload) => options.passkeys.get(payload),
    // The feed decides which program runs next: https only (http for this machine), checked here, not in the renderer.
    [BRIDGE_CHANNELS.setUpdateFeed]: async (payload): Promise<SetUpdateFeedResult> => {
      const text = urlText.safeParse(payload);
      if (!text.success) return { ok: false, message: DESKTOP_MESSAGES.updateFeedInvalid };
      if (text.data.trim() === '') {
        settings.update({ updateFeedUrl: null });
        return { ok: true, url: null };
      }
      const url = updateFeedUrlSchema.safeParse(text.data);
      if (!url.success) return { ok: false, message: DESKTOP_MESSAGES.updateFeedInvalid };
      settings.update({ updateFeedUrl: url.data });
      return { ok: true, url: url.data };
    },
    [BRIDGE_CHANNELS.offlineQueue]: async () => options.offlineQueue?.load(settings.get().serverOrigin) ?? null,
  };
}
