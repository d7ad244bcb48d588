import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createWorkbenchApi, type BridgeIpc } from '../../../electron/preload/api';

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
  it('exposes exactly invoke and on', () => {
    expect(Object.keys(createWorkbenchApi(fakeIpc().ipc)).sort()).toEqual(['invoke', 'on']);
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
