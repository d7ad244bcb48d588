import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createWorkbenchApi, type BridgeIpc } from '../../../../desktop/electron/preload/api';
import { MAX_ASSET_BYTES } from '../../../../shared/api/limits';

function fakeIpc() {
  const emitter = new EventEmitter();
  const invoke = vi.fn(async () => ({ ok: true, value: 'reply' }));
  return {
    emitter,
    invoke,
    // A real EventEmitter stands in for ipcRenderer's channel events.
    ipc: {
      invoke,
      on: (channel: string, listener: (...args: unknown[]) => void) => {
        emitter.on(channel, listener);
        return undefined as never;
      },
      removeListener: (channel: string, listener: (...args: unknown[]) => void) => {
        emitter.removeListener(channel, listener);
        return undefined as never;
      },
    } as unknown as BridgeIpc,
  };
}

describe('window.workbench (preload)', () => {
  it('exposes exactly invoke, on, upload and sourceContent', () => {
    expect(Object.keys(createWorkbenchApi(fakeIpc().ipc)).sort()).toEqual([
      'invoke',
      'on',
      'sourceContent',
      'upload',
    ]);
  });

  it('sends a contract channel over the one bridge IPC channel', async () => {
    const fake = fakeIpc();
    const api = createWorkbenchApi(fake.ipc);
    await expect(api.invoke('health', {})).resolves.toEqual({ ok: true, value: 'reply' });
    expect(fake.invoke).toHaveBeenCalledWith('bridge:invoke', 'health', {});
  });

  it.each(['shell:openExternal', 'toString', '__proto__', 'bridge:invoke'])(
    'refuses %s without touching IPC',
    async (channel) => {
      const fake = fakeIpc();
      const api = createWorkbenchApi(fake.ipc);
      await expect(api.invoke(channel, {})).resolves.toMatchObject({
        ok: false,
        error: { code: 'unknown_channel' },
      });
      expect(fake.invoke).not.toHaveBeenCalled();
    },
  );

  it('hands listeners the payload only, never the IPC event', () => {
    const fake = fakeIpc();
    const api = createWorkbenchApi(fake.ipc);
    const listener = vi.fn();
    const unsubscribe = api.on('progress', listener);
    const payload = { taskId: 't1', stage: 'extract', done: 1, total: 3 };
    fake.emitter.emit('bridge:event:progress', { sender: 'ipcRenderer' }, payload);
    expect(listener.mock.calls).toEqual([[payload]]);

    unsubscribe();
    fake.emitter.emit('bridge:event:progress', {}, payload);
    expect(listener).toHaveBeenCalledOnce();
    expect(fake.emitter.listenerCount('bridge:event:progress')).toBe(0);
  });

  it('refuses to subscribe to an event outside the contract', () => {
    const api = createWorkbenchApi(fakeIpc().ipc);
    expect(() => api.on('bridge:invoke', () => {})).toThrow(TypeError);
  });
});

describe('window.workbench uploads and source bytes (preload)', () => {
  it('reads the file here and sends its bytes as an ArrayBuffer on the upload channel, never base64', async () => {
    const fake = fakeIpc();
    const api = createWorkbenchApi(fake.ipc);
    const meta = { filename: 'Ünïcødé 😀.bin', taskId: 't1' };
    const bytes = new Uint8Array([0xff, 0x00, 0xfe, 0x80]);
    await expect(api.upload(meta, new Blob([bytes]))).resolves.toEqual({ ok: true, value: 'reply' });
    expect(fake.invoke).toHaveBeenCalledOnce();
    const [channel, sentMeta, sent] = fake.invoke.mock.calls[0] as unknown as [string, unknown, unknown];
    expect(channel).toBe('bridge:upload');
    expect(sentMeta).toEqual(meta);
    expect(sent).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(sent as ArrayBuffer)]).toEqual([...bytes]);
  });

  it('refuses a file over the ceiling and a value that is not a file, without reading or sending', async () => {
    const fake = fakeIpc();
    const api = createWorkbenchApi(fake.ipc);
    const arrayBuffer = vi.fn();
    const huge = Object.assign(new Blob([]), { arrayBuffer });
    Object.defineProperty(huge, 'size', { value: MAX_ASSET_BYTES + 1 });
    await expect(api.upload({ filename: 'big.bin' }, huge)).resolves.toMatchObject({
      ok: false,
      error: { code: 'too_large' },
    });
    expect(arrayBuffer).not.toHaveBeenCalled();
    await expect(api.upload({ filename: 'a' }, 'AAAA' as unknown as Blob)).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(fake.invoke).not.toHaveBeenCalled();
  });

  it('names the evidence-source URL of a source, with no header to send', () => {
    const api = createWorkbenchApi(fakeIpc().ipc);
    expect(api.sourceContent('sv_1/../x')).toEqual({
      url: 'evidence-source://source/sv_1%2F..%2Fx',
      httpHeaders: {},
    });
    expect(() => api.sourceContent('')).toThrow(TypeError);
    expect(() => api.sourceContent(42 as unknown as string)).toThrow(TypeError);
  });
});
