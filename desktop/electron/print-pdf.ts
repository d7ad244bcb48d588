import { BrowserWindow, session, type Session } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { denyAllPermissions } from './hardening';
import { mayLoad, PDF_OPTIONS, PRINT_PARTITION, PRINT_TIMEOUT_MS, printWindowOptions } from './print-options';

// A report's HTML printed to PDF by Chromium, in the Electron host: a hidden window that runs
// no script, has no preload and no Node, lives in a session of its own (in memory, apart from the app's)
// and may load exactly one thing, the report, from a private temporary file removed when the print is
// done (a data: URL would be over Chromium's 2 MB URL limit once the figures' crops are in it).

/** The reports being printed now: the only file: URLs the print session lets through. */
const printing = new Set<string>();
let prepared: Session | null = null;

/** The print session, made once: every permission refused, every request but a report's cancelled. */
function printSession(): Session {
  if (prepared) return prepared;
  const ses = session.fromPartition(PRINT_PARTITION, { cache: false });
  denyAllPermissions(ses);
  ses.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !mayLoad(details.url, printing) }),
  );
  prepared = ses;
  return ses;
}

/** Prints HTML to PDF bytes; the signal (an export cancelled) closes the window and rejects. */
export async function printToPdf(html: string, signal?: AbortSignal): Promise<Uint8Array> {
  signal?.throwIfAborted();
  const dir = await mkdtemp(join(tmpdir(), 'ew-print-'));
  let window: BrowserWindow | null = null;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  let reportUrl: string | null = null;
  try {
    const file = join(dir, 'report.html');
    await writeFile(file, html, { encoding: 'utf8', mode: 0o600 });
    const url = pathToFileURL(file).href;
    reportUrl = url;
    printSession();
    printing.add(url);
    const win = new BrowserWindow(printWindowOptions(PRINT_PARTITION));
    window = win;
    const stopped = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('the print took too long')), PRINT_TIMEOUT_MS);
      onAbort = () => reject(signal?.reason ?? new DOMException('The print was cancelled.', 'AbortError'));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    stopped.catch(() => undefined);
    await Promise.race([win.loadURL(url), stopped]);
    const pdf = await Promise.race([win.webContents.printToPDF(PDF_OPTIONS), stopped]);
    return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    if (window && !window.isDestroyed()) window.destroy();
    if (reportUrl !== null) printing.delete(reportUrl);
    await rm(dir, { recursive: true, force: true });
  }
}
