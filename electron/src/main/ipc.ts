import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { isAppUrl } from './appScheme';
import type { BridgeHandlers, InvokeChannel } from './bridgeHandlers';

/** Only the app's own page may call: a frame from anywhere else (it should never exist) is refused. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const url = event.senderFrame?.url;
  return typeof url === 'string' && isAppUrl(url);
}

export function registerBridge(ipcMain: Pick<IpcMain, 'handle'>, handlers: BridgeHandlers): void {
  for (const channel of Object.keys(handlers) as InvokeChannel[]) {
    ipcMain.handle(channel, (event, payload: unknown) => {
      if (!isTrustedSender(event)) throw new Error(`refused ${channel} from an untrusted frame`);
      return handlers[channel](payload);
    });
  }
}
