import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type { BridgeHandlers, InvokeChannel } from './bridgeHandlers';

/** Only the app's own page may call: a frame from anywhere else (it should never exist) is refused. */
export function registerBridge(ipcMain: Pick<IpcMain, 'handle'>, handlers: BridgeHandlers, isAppPage: (url: string) => boolean): void {
  for (const channel of Object.keys(handlers) as InvokeChannel[]) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, payload: unknown) => {
      const sender = event.senderFrame?.url;
      if (typeof sender !== 'string' || !isAppPage(sender)) throw new Error(`refused ${channel} from an untrusted frame`);
      return handlers[channel](payload);
    });
  }
}
