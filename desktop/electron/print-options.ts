import type { BrowserWindowConstructorOptions, PrintToPDFOptions } from 'electron';

// The switches of the hidden window that prints a report to PDF (desktop/electron/print-pdf.ts), apart from
// the Electron runtime so a test can hold them in place.

/** Longest a print may take before it is given up. */
export const PRINT_TIMEOUT_MS = 120_000;

/** A4, the page's backgrounds (outcome colours, highlighted figures) printed, 12 mm margins. */
export const PDF_OPTIONS = {
  printBackground: true,
  pageSize: 'A4',
  // Inches.
  margins: { top: 0.47, bottom: 0.47, left: 0.47, right: 0.47 },
  preferCSSPageSize: false,
  generateTaggedPDF: true,
  generateDocumentOutline: true,
  displayHeaderFooter: false,
} as const satisfies PrintToPDFOptions;

/** The hidden print window: sandboxed, no script, no Node, no preload, its own session. */
export function printWindowOptions(partition: string): BrowserWindowConstructorOptions {
  return {
    show: false,
    width: 794,
    height: 1123,
    paintWhenInitiallyHidden: true,
    webPreferences: {
      partition,
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
      webgl: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      images: true,
      devTools: false,
    },
  };
}

/** The print windows' session: in memory (no "persist:"), never the app's own. */
export const PRINT_PARTITION = 'report-print';

/** Whether a print window may load `url`: a report being printed now, and the data: images inside it. */
export function mayLoad(url: string, reports: ReadonlySet<string>): boolean {
  return reports.has(url) || url.startsWith('data:');
}
