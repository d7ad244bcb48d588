import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { MAX_ASSET_BYTES } from '../../../shared/api/limits';
import {
  BRIDGE_ERROR,
  BRIDGE_INVOKE_IPC,
  BRIDGE_UPLOAD_IPC,
  bridgeEventIpc,
  electronSourceContentUrl,
  isBridgeChannel,
  isBridgeEvent,
} from '../../../shared/bridge/names';
// Type only: the sandboxed preload stays free of zod.
import type { BridgeResult } from '../../../shared/bridge/contract';

/** Where the viewer reads a source's original bytes (renderer/src/bridge.ts, SourceContentLocation). */
export interface SourceContentLocation {
  url: string;
  httpHeaders: Record<string, string>;
}

/** What the renderer sees as `window.workbench`: four functions, nothing of Electron. */
export interface WorkbenchApi {
  invoke(channel: string, input: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  /** `library.upload` with the file's bytes read here and sent as an ArrayBuffer (no base64). */
  upload(meta: unknown, file: Blob): Promise<unknown>;
  /** The `evidence-source:` URL main serves the source's bytes at; no header is needed. */
  sourceContent(sourceVersionId: string): SourceContentLocation;
}

export type BridgeIpc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

function refused(code: string, message: string): Promise<BridgeResult<never>> {
  return Promise.resolve({ ok: false, error: { code, message } });
}

/** Built from an ipcRenderer so a test can hand it a stand-in. */
export function createWorkbenchApi(ipc: BridgeIpc): WorkbenchApi {
  return {
    invoke(channel, input) {
      if (!isBridgeChannel(channel))
        return refused(BRIDGE_ERROR.unknownChannel, 'There is no bridge channel by that name.');
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
    async upload(meta, file) {
      if (!(file instanceof Blob)) return refused(BRIDGE_ERROR.invalidInput, 'Invalid upload: not a file.');
      // Refused before a byte is read: main would refuse it too, after the whole copy.
      if (file.size > MAX_ASSET_BYTES)
        return refused(
          BRIDGE_ERROR.tooLarge,
          `The file is over the ${MAX_ASSET_BYTES / 1_000_000} MB ceiling; it was not stored.`,
        );
      // The meta is checked in main (UploadMeta); the bytes cross by structured clone.
      return ipc.invoke(BRIDGE_UPLOAD_IPC, meta, await file.arrayBuffer());
    },
    sourceContent(sourceVersionId) {
      if (typeof sourceVersionId !== 'string' || sourceVersionId === '')
        throw new TypeError('A source version id is a non-empty string.');
      return { url: electronSourceContentUrl(sourceVersionId), httpHeaders: {} };
    },
  };
}
