import type { OperatorScreen, HostRequest, HostResult, PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from '@hiraku/shared';
import type { OfflineQueue } from '../main/offlineQueue';

export type { OfflineQueue };

/** IPC channel names, shared by the preload (which invokes them) and the main process (which answers). */
export const BRIDGE_CHANNELS = {
  request: 'hiraku:request',
  getState: 'hiraku:get-state',
  setServer: 'hiraku:set-server',
  openExternal: 'hiraku:open-external',
  /** A passkey ceremony with the system authenticator, run by the main process on the server's origin. */
  passkeyCreate: 'hiraku:passkey-create',
  passkeyGet: 'hiraku:passkey-get',
  /** Issue 38: the last queue loaded, for the read-only offline view (main/offlineQueue.ts). */
  offlineQueue: 'hiraku:offline-queue',
  /** Issue 38: the update feed of settings.json, set from 設定 › アプリの更新. */
  setUpdateFeed: 'hiraku:set-update-feed',
  /** Main to renderer: the server became reachable or unreachable. */
  connectivity: 'hiraku:connectivity',
  /** Main to renderer: the application menu's 移動 asks for one operator screen, by name. */
  openScreen: 'hiraku:open-screen',
} as const;

export interface DesktopState {
  serverOrigin: string | null;
  version: string;
  online: boolean;
  /** Whether this system's Electron reaches a passkey authenticator (macOS, Windows). */
  passkeys: boolean;
  /** Issue 38: where the app looks for new versions; null: it does not look. */
  updateFeedUrl: string | null;
}

export type SetUpdateFeedResult = { ok: true; url: string | null } | { ok: false; message: string };

export type PasskeyCeremonyResult<T> = { ok: true; response: T } | { ok: false; message: string };

export type SetServerResult = { ok: true; origin: string } | { ok: false; message: string };

/** `window.hirakuDesktop`: everything the renderer can ask of the main process, and nothing else. */
export interface HirakuDesktopBridge {
  request(request: HostRequest): Promise<HostResult>;
  getState(): Promise<DesktopState>;
  setServer(url: string): Promise<SetServerResult>;
  openExternal(url: string): Promise<void>;
  onConnectivity(listener: (online: boolean) => void): () => void;
  onOpenScreen(listener: (screen: OperatorScreen) => void): () => void;
  passkeyCreate(options: unknown): Promise<PasskeyCeremonyResult<PasskeyRegistrationResponse>>;
  passkeyGet(options: unknown): Promise<PasskeyCeremonyResult<PasskeyAuthenticationResponse>>;
  offlineQueue(): Promise<OfflineQueue | null>;
  setUpdateFeed(url: string): Promise<SetUpdateFeedResult>;
}
