import { z } from 'zod';
import { CaseId } from './cases';

// The report channels of the bridge: export one or more cases, cancel an export, and check a
// report bundle against the service in use.

export const REPORT_FORMATS = ['html', 'pdf', 'markdown', 'json', 'csv-figures', 'csv-citations'] as const;
export const ReportFormat = z.enum(REPORT_FORMATS);
export type ReportFormat = z.infer<typeof ReportFormat>;

/** The most cases one report holds. */
export const MAX_REPORT_CASES = 100;

export const ReportExportInput = z.strictObject({
  /** Progress events of the export carry this id; `reports.cancel` names it. */
  taskId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -'),
  caseIds: z.array(CaseId).min(1).max(MAX_REPORT_CASES),
  format: ReportFormat,
  /** The report's title; default: the case's title, or "N cases" for several. */
  title: z.string().trim().min(1).max(500).optional(),
  /** Sign the JSON bundle with this computer's Ed25519 report key (kept in the OS keychain). */
  sign: z.boolean().default(false),
});
export type ReportExportInput = z.input<typeof ReportExportInput>;

/** Base64 of at most 200 MB. */
const MAX_EXPORT_BASE64 = Math.ceil((200 * 1024 * 1024) / 3) * 4;

export const ReportExportOutput = z.discriminatedUnion('kind', [
  /** The finished file, whole: the page saves it under `filename`. */
  z.strictObject({
    kind: z.literal('file'),
    filename: z.string().min(1).max(255),
    mediaType: z.string().min(1).max(255),
    dataBase64: z.string().max(MAX_EXPORT_BASE64),
  }),
  /**
   * A PDF where the host cannot print one itself (the web host): a one-time, same-origin path
   * (`/bridge/print/<id>`) where the report's HTML waits to be opened in a new tab and printed with the
   * browser's dialog ("Save as PDF").
   */
  z.strictObject({
    kind: z.literal('print'),
    filename: z.string().min(1).max(255),
    path: z.string().regex(/^\/bridge\/print\/[A-Za-z0-9_-]{16,64}$/),
  }),
]);
export type ReportExportOutput = z.infer<typeof ReportExportOutput>;

export const ReportCancelInput = z.strictObject({ taskId: ReportExportInput.shape.taskId });
export const ReportCancelOutput = z.strictObject({ cancelled: z.boolean() });

/** The most bytes of a bundle the app checks. */
export const MAX_BUNDLE_CHARS = 50 * 1024 * 1024;

export const ReportVerifyInput = z.strictObject({
  /** The bundle file's text, as dropped in. */
  bundleJson: z.string().min(1).max(MAX_BUNDLE_CHARS),
});
