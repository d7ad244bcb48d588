import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ConnectionTestOutput, SettingsPatch, SettingsView } from '../../../shared/bridge';
import { OCR_MODES } from '../../../shared/vocabulary/ocr';
import { SERVICE_MODES } from '../../../shared/vocabulary/settings';
import { bridge, callBridge, type BridgeClient } from '../bridge';
import { serviceQueryKeys, useKeyStatus } from '../health';
import { dataFolderProblem, OUTCOME_HEADING, serviceUrlProblem } from './form-rules';

const input =
  'w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 aria-[invalid=true]:border-rose-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:focus-visible:outline-indigo-400 dark:aria-[invalid=true]:border-rose-400';
const button =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400';
const primary =
  'rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50 dark:bg-indigo-500 dark:hover:bg-indigo-400 dark:focus-visible:outline-indigo-300';
const legend = 'text-sm font-semibold text-slate-900 dark:text-slate-100';
const hint = 'text-xs text-slate-600 dark:text-slate-300';
const fieldError = 'text-xs font-medium text-rose-700 dark:text-rose-300';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The settings a person can change: which evidence service (the app's own, or a remote one with its URL,
 * a connection test and the API key), how scans are read, and where the local service keeps its data.
 * Saved changes take effect at once; a refused change leaves the old settings in force and this form as
 * the person left it, with the reason.
 */
export function SettingsForm({ saved }: { saved: SettingsView }) {
  const ids = useId();
  const client = useQueryClient();
  const host = (bridge() as BridgeClient | undefined)?.host ?? 'web';
  const [mode, setMode] = useState(saved.mode);
  const [baseUrl, setBaseUrl] = useState(saved.baseUrl ?? '');
  const [ocr, setOcr] = useState(saved.ocr);
  const [dataDir, setDataDir] = useState(saved.dataDir ?? '');
  const [authorName, setAuthorName] = useState(saved.authorName ?? '');
  const [key, setKey] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [folderError, setFolderError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [test, setTest] = useState<ConnectionTestOutput | null>(null);
  const [busy, setBusy] = useState<'test' | 'save' | 'remove' | null>(null);
  const remoteSaved = saved.mode === 'remote' && saved.baseUrl !== null;
  const keyStatus = useKeyStatus(remoteSaved);

  const refreshAll = () => client.invalidateQueries();

  async function onTest() {
    const problem = serviceUrlProblem(baseUrl);
    setUrlError(problem);
    if (problem !== null) {
      setTest({ outcome: 'invalid_url', message: problem, serviceUrl: null });
      return;
    }
    setBusy('test');
    setTest(null);
    try {
      const typed = key.trim();
      setTest(
        await callBridge('settings.testConnection', {
          baseUrl: baseUrl.trim(),
          ...(typed !== '' ? { key: typed } : {}),
        }),
      );
    } catch (error) {
      setTest({
        outcome: 'unreachable',
        message: `The test could not run: ${messageOf(error)}`,
        serviceUrl: null,
      });
    } finally {
      setBusy(null);
    }
  }

  async function onSave(event?: FormEvent) {
    event?.preventDefault();
    setNotice(null);
    setSaveError(null);
    const urlProblem = mode === 'remote' ? serviceUrlProblem(baseUrl) : null;
    const folderProblem = dataFolderProblem(dataDir);
    setUrlError(urlProblem);
    setFolderError(folderProblem);
    if (urlProblem !== null || folderProblem !== null) {
      setSaveError('Nothing was saved: correct the fields marked below.');
      return;
    }
    const patch: SettingsPatch = {};
    if (mode !== saved.mode) patch.mode = mode;
    if (mode === 'remote' && baseUrl.trim() !== saved.baseUrl) patch.baseUrl = baseUrl.trim();
    if (ocr !== saved.ocr) patch.ocr = ocr;
    const folder = dataDir.trim() === '' ? null : dataDir.trim();
    if (folder !== saved.dataDir) patch.dataDir = folder;
    const author = authorName.trim() === '' ? null : authorName.trim();
    if (author !== saved.authorName) patch.authorName = author;
    const typedKey = mode === 'remote' ? key.trim() : '';
    setBusy('save');
    try {
      if (Object.keys(patch).length > 0) {
        const now = await callBridge('settings.set', patch);
        client.setQueryData(serviceQueryKeys.settings, now);
      }
      if (typedKey !== '') {
        try {
          client.setQueryData(serviceQueryKeys.keyStatus, await callBridge('key.set', { key: typedKey }));
          setKey('');
        } catch (error) {
          setSaveError(`The settings were saved, but the API key was not stored: ${messageOf(error)}`);
          return;
        }
      }
      const authorWords =
        patch.authorName === undefined
          ? ''
          : patch.authorName === null
            ? ' Reports carry no author name.'
            : ` Reports now name ${patch.authorName} as their author. Judgments you make from now on are kept as ${patch.authorName}'s.`;
      setNotice(
        (mode === 'remote'
          ? `Saved. The workbench now uses the evidence service at ${baseUrl.trim()}${typedKey !== '' ? ', with the new key' : ''}.`
          : 'Saved. The workbench now uses its own local evidence service.') + authorWords,
      );
    } catch (error) {
      // The main process kept the settings in force: say why, and leave the form as the person left it.
      setSaveError(`Not saved; the previous settings stay in force. ${messageOf(error)}`);
    } finally {
      setBusy(null);
      await refreshAll();
    }
  }

  async function onRemoveKey() {
    setBusy('remove');
    setNotice(null);
    setSaveError(null);
    try {
      client.setQueryData(serviceQueryKeys.keyStatus, await callBridge('key.remove', {}));
      setNotice('The API key was removed.');
    } catch (error) {
      setSaveError(`The API key was not removed: ${messageOf(error)}`);
    } finally {
      setBusy(null);
      await refreshAll();
    }
  }

  const status = keyStatus.data;
  const keyHere = remoteSaved && saved.baseUrl === baseUrl.trim().replace(/\/+$/, '');
  let keyText = 'No API key is set for this address.';
  if (remoteSaved && !keyHere) keyText = 'A key typed here is stored for the new address when you save.';
  else if (status?.hasKey)
    keyText =
      status.storage === 'os-keychain'
        ? `A key is set, kept in the OS keychain (${status.backend}).`
        : `A key is set, kept for this session only${status.reason ? `: ${status.reason}` : '.'}`;
  else if (status?.storage === 'session-only' && status.reason)
    keyText = `No API key is set. A key would be kept for this session only: ${status.reason}`;

  return (
    <form onSubmit={(event) => void onSave(event)} noValidate className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-4">
        {saved.problem !== null && (
          <p
            role="note"
            className="rounded-md bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          >
            {saved.problem}
          </p>
        )}
        <fieldset className="space-y-2">
          <legend className={legend}>Evidence service</legend>
          {SERVICE_MODES.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="mt-0.5 accent-indigo-600 dark:accent-indigo-400"
              />
              <span>
                {value === 'embedded' ? 'This computer (the workbench’s own service)' : 'A remote service'}
                <span className={`block ${hint}`}>
                  {value === 'embedded'
                    ? 'Works offline; your documents stay on this computer.'
                    : 'A shared service of the same contract, reached with an API key.'}
                </span>
              </span>
            </label>
          ))}
        </fieldset>

        {mode === 'remote' && (
          <fieldset className="space-y-3" data-testid="remote-settings">
            <legend className={legend}>Remote service</legend>
            <Field label="Service URL" htmlFor={`${ids}-url`}>
              <div className="flex gap-2">
                <input
                  id={`${ids}-url`}
                  type="url"
                  inputMode="url"
                  value={baseUrl}
                  placeholder="https://evidence.example.org"
                  onChange={(event) => {
                    setBaseUrl(event.target.value);
                    setUrlError(null);
                    setTest(null);
                  }}
                  aria-invalid={urlError !== null}
                  aria-describedby={urlError !== null ? `${ids}-url-error` : undefined}
                  className={input}
                />
                <button
                  type="button"
                  onClick={() => void onTest()}
                  disabled={busy !== null}
                  className={`${button} shrink-0`}
                >
                  {busy === 'test' ? 'Testing…' : 'Test connection'}
                </button>
              </div>
              {urlError !== null && (
                <p id={`${ids}-url-error`} className={fieldError}>
                  {urlError}
                </p>
              )}
            </Field>
            <div role="status" aria-live="polite" data-testid="connection-result">
              {test !== null && (
                <div
                  data-outcome={test.outcome}
                  className={`rounded-md p-2 text-sm ${
                    test.outcome === 'ok'
                      ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
                      : 'bg-rose-50 text-rose-900 dark:bg-rose-950 dark:text-rose-200'
                  }`}
                >
                  <strong className="font-semibold">{OUTCOME_HEADING[test.outcome]}.</strong> {test.message}
                </div>
              )}
            </div>
            <Field label="API key" htmlFor={`${ids}-key`}>
              <p id={`${ids}-key-where`} data-testid="key-storage" className={hint}>
                {keyText}
              </p>
              <div className="flex flex-wrap gap-2">
                <input
                  id={`${ids}-key`}
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  value={key}
                  onChange={(event) => setKey(event.target.value)}
                  aria-describedby={`${ids}-key-where`}
                  placeholder={status?.hasKey && keyHere ? 'Paste a new key to replace it' : 'Paste the key'}
                  className={`${input} min-w-48 flex-1`}
                />
                <button
                  type="button"
                  onClick={() => void onSave()}
                  disabled={busy !== null || key.trim() === ''}
                  className={button}
                >
                  {status?.hasKey && keyHere ? 'Replace key' : 'Set key'}
                </button>
                {status?.hasKey && keyHere && (
                  <button
                    type="button"
                    onClick={() => void onRemoveKey()}
                    disabled={busy !== null}
                    className={button}
                  >
                    Remove key
                  </button>
                )}
              </div>
            </Field>
          </fieldset>
        )}

        <div className="space-y-1">
          <label htmlFor={`${ids}-author`} className={`block ${legend}`}>
            Your name on reports
          </label>
          <input
            id={`${ids}-author`}
            type="text"
            value={authorName}
            maxLength={200}
            autoComplete="name"
            placeholder="Optional"
            onChange={(event) => setAuthorName(event.target.value)}
            aria-describedby={`${ids}-author-hint`}
            className={input}
          />
          <p id={`${ids}-author-hint`} className={hint}>
            Printed on every report you export as its author, and kept with each judgment you make from now on
            (a later change of name leaves earlier judgments as they were). Leave it empty to print no name.
          </p>
        </div>

        <div className="space-y-1">
          <label htmlFor={`${ids}-ocr`} className={`block ${legend}`}>
            Reading scans (OCR)
          </label>
          <select
            id={`${ids}-ocr`}
            value={ocr}
            onChange={(event) => setOcr(event.target.value as SettingsView['ocr'])}
            className={input}
          >
            {Object.entries(OCR_MODES).map(([mode, { label, description }]) => (
              <option key={mode} value={mode}>
                {`${label}: ${description}`}
              </option>
            ))}
          </select>
        </div>

        <div className="space-y-1">
          <label htmlFor={`${ids}-folder`} className={`block ${legend}`}>
            Data folder of the local service
          </label>
          <input
            id={`${ids}-folder`}
            type="text"
            value={dataDir}
            spellCheck={false}
            placeholder="The workbench’s own folder"
            onChange={(event) => {
              setDataDir(event.target.value);
              setFolderError(null);
            }}
            aria-invalid={folderError !== null}
            aria-describedby={`${ids}-folder-hint${folderError !== null ? ` ${ids}-folder-error` : ''}`}
            className={input}
          />
          <p id={`${ids}-folder-hint`} className={hint}>
            {host === 'web'
              ? 'Type the folder’s full path: a browser page cannot open a folder picker. Leave it empty for the workbench’s own folder.'
              : 'Type the folder’s full path, or leave it empty for the workbench’s own folder.'}
          </p>
          {folderError !== null && (
            <p id={`${ids}-folder-error`} className={fieldError}>
              {folderError}
            </p>
          )}
        </div>
      </div>

      <div className="space-y-2 border-t border-slate-200 px-5 py-3 dark:border-slate-700">
        {saveError !== null && (
          <p role="alert" data-testid="settings-error" className="text-sm text-rose-700 dark:text-rose-300">
            {saveError}
          </p>
        )}
        {notice !== null && (
          <p
            role="status"
            data-testid="settings-notice"
            className="text-sm text-emerald-800 dark:text-emerald-300"
          >
            {notice}
          </p>
        )}
        <div className="flex justify-end">
          <button type="submit" disabled={busy !== null} className={primary}>
            {busy === 'save' ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
    </form>
  );
}
