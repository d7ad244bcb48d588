import type { IpcRenderer, IpcRendererEvent } from 'electron';
import {
  BRIDGE_ERROR,
  BRIDGE_INVOKE_IPC,
  bridgeEventIpc,
  isBridgeChannel,
  isBridgeEvent,
} from '../../shared/bridge/names';
// Type only: the sandboxed preload stays free of zod.
import type { BridgeResult } from '../../shared/bridge/contract';

/** What the renderer sees as `window.workbench`: two functions, nothing of Electron. */
export interface WorkbenchApi {
  invoke(channel: string, input: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

export type BridgeIpc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

/** Built from an ipcRenderer so a test can hand it a stand-in. */
export function createWorkbenchApi(ipc: BridgeIpc): WorkbenchApi {
  return {
    invoke(channel, input) {
      if (!isBridgeChannel(channel)) {
        const refused: BridgeResult<never> = {
          ok: false,
          error: { code: BRIDGE_ERROR.unknownChannel, message: 'There is no bridge channel by that name.' },
        };
        return Promise.resolve(refused);
      }
      return ipc.invoke(BRIDGE_INVOKE_IPC, channel, input);
    },
    on(event, listener) {
      if (!isBridgeEvent(event) || typeof listener !== 'function') {
        throw new TypeError('There is no bridge event by that name.');
      }
      const ipcChannel = bridgeEventIpc(event);
      // Only the payload crosses: the IpcRendererEvent (and its `sender`) never reaches the page.
      const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipc.on(ipcChannel, forward);
      return () => {
        ipc.removeListener(ipcChannel, forward);
      };
    },
  };
}
