import { describe, expect, it, vi } from 'vitest';
import { createRouter, type BridgeHandlers } from '../../../../desktop/main/bridge/router';
import { handlers } from '../../../../desktop/main/handlers';
import { fakeContext } from './fake-context';

const { context } = fakeContext();

function routerWith(health: BridgeHandlers['health']) {
  const onInternalError = vi.fn();
  const handler = vi.fn(health);
  return {
    router: createRouter({ ...handlers, health: handler }, context, { onInternalError }),
    handler,
    onInternalError,
  };
}

describe('bridge router', () => {
  it('answers health with the app version and the embedded service', async () => {
    const router = createRouter(handlers, context, { onInternalError: vi.fn() });
    await expect(router.invoke('health', {})).resolves.toEqual({
      ok: true,
      value: { status: 'ok', version: '1.2.3', service: 'embedded' },
    });
  });

  it('never lets the data folder into a health reply', async () => {
    const router = createRouter(handlers, context, { onInternalError: vi.fn() });
    expect(JSON.stringify(await router.invoke('health', {}))).not.toContain(context.dataDir);
  });

  it.each([
    ['nope'],
    ['toString'],
    ['__proto__'],
    ['constructor'],
    [42],
    [null],
    [undefined],
    [{ channel: 'health' }],
  ])('refuses the unknown channel %j without running a handler', async (channel) => {
    const { router, handler } = routerWith(() => ({ status: 'ok', version: '1', service: 'embedded' }));
    const result = await router.invoke(channel, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not echo a long channel name back', async () => {
    const { router } = routerWith(() => ({ status: 'ok', version: '1', service: 'embedded' }));
    const result = await router.invoke('x'.repeat(10_000), {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message.length).toBeLessThan(200);
  });

  it.each([
    ['an unknown field', { dataDir: '/etc' }, 'dataDir'],
    ['no input at all', undefined, 'input'],
    ['a string', 'health', 'input'],
  ])('refuses %s as invalid input, saying what is wrong', async (_name, input, mention) => {
    const { router, handler } = routerWith(() => ({ status: 'ok', version: '1', service: 'embedded' }));
    const result = await router.invoke('health', input);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!result.ok) expect(result.error.message).toContain(mention);
    expect(handler).not.toHaveBeenCalled();
  });

  it('turns a thrown handler error into internal_error without its message or stack', async () => {
    const secret = new Error('EACCES: permission denied, open /home/checker/secret.db');
    const { router, onInternalError } = routerWith(() => {
      throw secret;
    });
    const result = await router.invoke('health', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    const text = JSON.stringify(result);
    expect(text).not.toContain('EACCES');
    expect(text).not.toContain('/home/checker');
    expect(text).not.toContain('at ');
    expect(onInternalError).toHaveBeenCalledWith('health', secret);
  });

  it('turns a rejected promise into internal_error too', async () => {
    const { router } = routerWith(() => Promise.reject(new Error('boom')));
    await expect(router.invoke('health', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal_error' },
    });
  });

  it('refuses a handler output outside the contract, and does not forward it', async () => {
    const { router, onInternalError } = routerWith(
      () =>
        ({
          status: 'ok',
          version: '1',
          service: 'embedded',
          dataDir: '/home/checker',
        }) as unknown as ReturnType<BridgeHandlers['health']>,
    );
    const result = await router.invoke('health', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(JSON.stringify(result)).not.toContain('/home/checker');
    expect(onInternalError).toHaveBeenCalledOnce();
  });
});
