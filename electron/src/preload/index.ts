import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { isOperatorScreen } from '@hiraku/shared';
import { BRIDGE_CHANNELS, type HirakuDesktopBridge } from '../shared/bridge';

/**
 * The renderer's only door to the main process: ten typed calls, never ipcRenderer itself. Every
 * argument is checked again on the other side; this file only forwards.
 */
const bridge: HirakuDesktopBridge = {
  request: (request) => ipcRenderer.invoke(BRIDGE_CHANNELS.request, request),
  getState: () => ipcRenderer.invoke(BRIDGE_CHANNELS.getState),
  setServer: (url) => ipcRenderer.invoke(BRIDGE_CHANNELS.setServer, url),
  openExternal: (url) => ipcRenderer.invoke(BRIDGE_CHANNELS.openExternal, url),
  passkeyCreate: (options) => ipcRenderer.invoke(BRIDGE_CHANNELS.passkeyCreate, options),
  passkeyGet: (options) => ipcRenderer.invoke(BRIDGE_CHANNELS.passkeyGet, options),
  offlineQueue: () => ipcRenderer.invoke(BRIDGE_CHANNELS.offlineQueue),
  setUpdateFeed: (url) => ipcRenderer.invoke(BRIDGE_CHANNELS.setUpdateFeed, url),
  onConnectivity: (listener) => {
    const forward = (_event: IpcRendererEvent, online: unknown) => listener(online === true);
    ipcRenderer.on(BRIDGE_CHANNELS.connectivity, forward);
    return () => ipcRenderer.removeListener(BRIDGE_CHANNELS.connectivity, forward);
  },
  onOpenScreen: (listener) => {
    const forward = (_event: IpcRendererEvent, screen: unknown) => {
      if (isOperatorScreen(screen)) listener(screen);
    };
    ipcRenderer.on(BRIDGE_CHANNELS.openScreen, forward);
    return () => ipcRenderer.removeListener(BRIDGE_CHANNELS.openScreen, forward);
  },
};

contextBridge.exposeInMainWorld('hirakuDesktop', bridge);
