// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionTestOutput, KeyStatusView, SettingsView } from '../../../shared/bridge';
import type * as BridgeModule from '../../../renderer/src/bridge';
import { BridgeCallError } from '../../../renderer/src/bridge';
import { SettingsButton } from '../../../renderer/src/settings/SettingsButton';
import { SettingsOverlay } from '../../../renderer/src/settings/SettingsOverlay';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';

// The settings dialog: opened by its button or Ctrl+,, a trapped and labelled dialog; each outcome of
// "Test connection" in words; a refused save keeps the old settings and the person's input.

const fake = vi.hoisted(() => ({
  callBridge: vi.fn(),
  host: 'web' as 'web' | 'electron',
}));

vi.mock('../../../renderer/src/bridge', async (importOriginal) => {
  const actual = await importOriginal<typeof BridgeModule>();
  return {
    ...actual,
    bridge: () => ({ host: fake.host, on: () => () => {} }),
    callBridge: fake.callBridge,
  };
});

const URL_OK = 'https://evidence.example.org';

let settings: SettingsView;
let keyStatus: KeyStatusView;
let nextTest: ConnectionTestOutput;
let refuseSave: string | null;

function renderDialog() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <SettingsButton />
      <SettingsOverlay />
    </QueryClientProvider>,
  );
}

async function openDialog() {
  renderDialog();
  await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Settings' });
  await within(dialog).findByRole('button', { name: 'Save' });
  return dialog;
}

beforeEach(() => {
  settings = { mode: 'embedded', baseUrl: null, ocr: 'auto', dataDir: null, authorName: null, problem: null };
  keyStatus = {
    hasKey: false,
    storage: 'os-keychain',
    backend: 'secret-service',
    reason: null,
    serviceUrl: URL_OK,
  };
  nextTest = { outcome: 'ok', message: 'Connected.', serviceUrl: URL_OK };
  refuseSave = null;
  useWorkbenchUi.setState({ overlay: null });
  fake.host = 'web';
  fake.callBridge.mockReset();
  fake.callBridge.mockImplementation((channel: string, input: Record<string, unknown>) => {
    switch (channel) {
      case 'settings.get':
        return Promise.resolve(settings);
      case 'settings.set':
        if (refuseSave !== null)
          return Promise.reject(new BridgeCallError({ code: 'invalid_settings', message: refuseSave }));
        settings = { ...settings, ...input } as SettingsView;
        return Promise.resolve(settings);
      case 'settings.testConnection':
        return Promise.resolve(nextTest);
      case 'key.status':
        return Promise.resolve(keyStatus);
      case 'key.set':
        keyStatus = { ...keyStatus, hasKey: true };
        return Promise.resolve(keyStatus);
      case 'key.remove':
        keyStatus = { ...keyStatus, hasKey: false };
        return Promise.resolve(keyStatus);
      default:
        return Promise.resolve({ status: 'ok', version: '1', service: settings.mode });
    }
  });
});

afterEach(cleanup);

async function chooseRemote(dialog: HTMLElement, url = URL_OK) {
  await userEvent.click(within(dialog).getByRole('radio', { name: /A remote service/ }));
  const field = within(dialog).getByLabelText('Service URL');
  await userEvent.clear(field);
  await userEvent.type(field, url);
}

async function testWith(outcome: ConnectionTestOutput['outcome'], message: string) {
  nextTest = { outcome, message, serviceUrl: URL_OK };
  const dialog = await openDialog();
  await chooseRemote(dialog);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
  return within(dialog)
    .findByTestId('connection-result')
    .then(async (region) => {
      await waitFor(() => expect(region.textContent).not.toBe(''));
      return region;
    });
}

describe('the settings dialog', () => {
  it('opens from the header button as a labelled modal dialog, keeps focus inside and closes on Escape', async () => {
    const dialog = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Tab from the last control wraps to the first.
    const save = within(dialog).getByRole('button', { name: 'Save' });
    save.focus();
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(save);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useWorkbenchUi.getState().overlay).toBeNull();
  });

  it('opens with Ctrl+, and a second press keeps it open', async () => {
    renderDialog();
    await userEvent.keyboard('{Control>},{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeTruthy();
    await userEvent.keyboard('{Control>},{/Control}');
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });

  it('says the service was reached and the key accepted', async () => {
    const region = await testWith('ok', 'Connected to the evidence service; the key was accepted.');
    expect(region.textContent).toContain('Connected. Connected to the evidence service');
    expect(fake.callBridge).toHaveBeenCalledWith('settings.testConnection', { baseUrl: URL_OK });
  });

  it.each([
    ['unreachable', 'Unreachable', 'could not be reached (connect ECONNREFUSED)'],
    ['tls_failure', 'Secure connection failed', 'A secure (TLS) connection could not be made'],
    ['key_rejected', 'Key rejected', 'rejected the API key (HTTP 401)'],
    ['wrong_service', 'Not an evidence service', 'Something answers, but not as an evidence service'],
    ['timeout', 'Timed out', 'did not answer within 5 s'],
  ] as const)('tells %s apart: "%s"', async (outcome, heading, message) => {
    const region = await testWith(outcome, message);
    expect(region.textContent).toContain(`${heading}. ${message}`);
    expect(region.querySelector('[data-outcome]')?.getAttribute('data-outcome')).toBe(outcome);
  });

  it('refuses an address that is not http(s) before asking the main process', async () => {
    const dialog = await openDialog();
    await chooseRemote(dialog, 'ftp://evidence.example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(within(dialog).getByTestId('connection-result').textContent).toContain('Invalid address.');
    expect(within(dialog).getByLabelText('Service URL').getAttribute('aria-invalid')).toBe('true');
    await chooseRemote(dialog, 'evidence.example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Nothing was saved');
    expect(within(dialog).getByText(/is not a web address/)).toBeTruthy();
    expect(fake.callBridge).not.toHaveBeenCalledWith('settings.testConnection', expect.anything());
    expect(fake.callBridge).not.toHaveBeenCalledWith('settings.set', expect.anything());
  });

  it('tests with the key typed in the field, without storing it', async () => {
    const dialog = await openDialog();
    await chooseRemote(dialog);
    await userEvent.type(within(dialog).getByLabelText('API key'), 'ek_typed_key_123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    await waitFor(() =>
      expect(fake.callBridge).toHaveBeenCalledWith('settings.testConnection', {
        baseUrl: URL_OK,
        key: 'ek_typed_key_123',
      }),
    );
    expect(fake.callBridge).not.toHaveBeenCalledWith('key.set', expect.anything());
  });

  it('saves the remote service and the key, then clears the password field and says where the key is kept', async () => {
    const dialog = await openDialog();
    await chooseRemote(dialog);
    const keyField = within(dialog).getByLabelText('API key');
    expect(keyField.getAttribute('type')).toBe('password');
    await userEvent.type(keyField, 'ek_secret_key_123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(/Saved\. The workbench now uses the evidence service at/);
    expect(fake.callBridge).toHaveBeenCalledWith('settings.set', { mode: 'remote', baseUrl: URL_OK });
    expect(fake.callBridge).toHaveBeenCalledWith('key.set', { key: 'ek_secret_key_123' });
    expect((keyField as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(within(dialog).getByTestId('key-storage').textContent).toContain(
        'A key is set, kept in the OS keychain (secret-service).',
      ),
    );
    // Replace and remove.
    expect(within(dialog).getByRole('button', { name: 'Replace key' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove key' }));
    await within(dialog).findByText('The API key was removed.');
    expect(within(dialog).getByTestId('key-storage').textContent).toContain('No API key is set');
  });

  it('says when the key is kept for this session only, and why', async () => {
    settings = {
      mode: 'remote',
      baseUrl: URL_OK,
      ocr: 'auto',
      dataDir: null,
      authorName: null,
      problem: null,
    };
    keyStatus = {
      hasKey: true,
      storage: 'session-only',
      backend: 'none',
      reason: 'No usable OS keychain (the Secret Service is not running).',
      serviceUrl: URL_OK,
    };
    const dialog = await openDialog();
    await waitFor(() =>
      expect(within(dialog).getByTestId('key-storage').textContent).toContain(
        'A key is set, kept for this session only: No usable OS keychain (the Secret Service is not running).',
      ),
    );
  });

  it('keeps the old settings and the person’s input when the save is refused', async () => {
    refuseSave =
      'Settings not saved: the local evidence service could not be opened (EACCES). The previous settings stay in force.';
    const dialog = await openDialog();
    const folder = within(dialog).getByLabelText('Data folder of the local service');
    await userEvent.type(folder, '/srv/evidence');
    await userEvent.selectOptions(within(dialog).getByLabelText('Reading scans (OCR)'), 'force');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Not saved; the previous settings stay in force.');
    expect(alert.textContent).toContain('could not be opened (EACCES)');
    expect((folder as HTMLInputElement).value).toBe('/srv/evidence');
    expect((within(dialog).getByLabelText('Reading scans (OCR)') as HTMLInputElement).value).toBe('force');
    expect(settings).toMatchObject({ dataDir: null, ocr: 'auto' });
  });

  it('refuses a relative data folder, and says the web host cannot open a folder picker', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByText(/a browser page cannot open a folder picker/)).toBeTruthy();
    const folder = within(dialog).getByLabelText('Data folder of the local service');
    await userEvent.type(folder, 'evidence/here');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(/Enter the folder’s full path/)).toBeTruthy();
    expect(folder.getAttribute('aria-invalid')).toBe('true');
    expect(fake.callBridge).not.toHaveBeenCalledWith('settings.set', expect.anything());
    await act(async () => {});
  });

  it('saves OCR mode and data folder for the local service', async () => {
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Data folder of the local service'), '/srv/evidence');
    await userEvent.selectOptions(within(dialog).getByLabelText('Reading scans (OCR)'), 'off');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(/Saved\. The workbench now uses its own local evidence service/);
    expect(fake.callBridge).toHaveBeenCalledWith('settings.set', { ocr: 'off', dataDir: '/srv/evidence' });
  });

  it('saves the name printed on reports, trimmed, and clears it when the field is emptied', async () => {
    const dialog = await openDialog();
    const name = within(dialog).getByRole('textbox', { name: 'Your name on reports' });
    expect((name as HTMLInputElement).value).toBe('');
    await userEvent.type(name, '  Ana Lima ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(
      /Reports now name Ana Lima as their author\. Judgments you make from now on are kept as Ana Lima's\./,
    );
    expect(fake.callBridge).toHaveBeenCalledWith('settings.set', { authorName: 'Ana Lima' });
    expect(settings.authorName).toBe('Ana Lima');

    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(/Reports carry no author name\./);
    expect(fake.callBridge).toHaveBeenCalledWith('settings.set', { authorName: null });
    expect(settings.authorName).toBeNull();
  });

  it('shows the saved name, and sends nothing for it when it is unchanged', async () => {
    settings = { ...settings, authorName: 'Ana Lima' };
    const dialog = await openDialog();
    expect(
      (within(dialog).getByRole('textbox', { name: 'Your name on reports' }) as HTMLInputElement).value,
    ).toBe('Ana Lima');
    await userEvent.selectOptions(within(dialog).getByLabelText('Reading scans (OCR)'), 'off');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(/Saved\./);
    expect(fake.callBridge).toHaveBeenCalledWith('settings.set', { ocr: 'off' });
  });
});
