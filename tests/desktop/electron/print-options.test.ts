import { describe, expect, it } from 'vitest';
import {
  mayLoad,
  PDF_OPTIONS,
  PRINT_PARTITION,
  printWindowOptions,
} from '../../../desktop/electron/print-options';

// The hidden window that prints a report to PDF: its security switches and print options are
// held in place here, since the Electron runtime cannot run in this suite.

describe('the print window', () => {
  it('runs no script, has no Node and no preload, is sandboxed, hidden and in the session it is given', () => {
    const options = printWindowOptions(PRINT_PARTITION);
    expect(options.show).toBe(false);
    expect(options.webPreferences).toMatchObject({
      partition: PRINT_PARTITION,
      javascript: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      plugins: false,
      devTools: false,
    });
    expect(options.webPreferences).not.toHaveProperty('preload');
    // An in-memory session: never "persist:", never the app's own.
    expect(options.webPreferences!.partition!.startsWith('persist:')).toBe(false);
  });

  it('may load a report being printed and its data: images, nothing else', () => {
    const report = new Set(['file:///tmp/ew-print-abc/report.html']);
    expect(mayLoad('file:///tmp/ew-print-abc/report.html', report)).toBe(true);
    expect(mayLoad('data:image/png;base64,iVBORw0KGgo=', report)).toBe(true);
    expect(mayLoad('file:///tmp/ew-print-abc/other.html', report)).toBe(false);
    expect(mayLoad('file:///etc/passwd', report)).toBe(false);
    expect(mayLoad('https://example.org/track.png', report)).toBe(false);
    expect(mayLoad('http://127.0.0.1:8080/', report)).toBe(false);
    expect(mayLoad('file:///tmp/ew-print-abc/report.html', new Set())).toBe(false);
  });

  it('prints A4 with backgrounds (outcome colours, highlighted figures) and margins', () => {
    expect(PDF_OPTIONS).toMatchObject({ printBackground: true, pageSize: 'A4', displayHeaderFooter: false });
    for (const side of ['top', 'bottom', 'left', 'right'] as const)
      expect(PDF_OPTIONS.margins[side]).toBeGreaterThan(0);
  });
});
