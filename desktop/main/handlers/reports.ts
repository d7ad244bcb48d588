import type { VerifyReport } from '../../../shared/bridge/verify-result';
import { extractorVersion } from '../../../service/operations/extract';
import { BridgeFailure, type BridgeHandlers } from '../bridge/router';
import { exportReport } from '../report/export';
import { verifyBundle } from '../report/verify';
import { taskRegistry } from './tasks';

// Reports: export one or more cases in one format (built whole in memory, with progress and
// cancellation by task id), and re-verify a report bundle against the service in use and this computer's
// cases.

/** The exports running in each host, by task id. */
const tasksOf = taskRegistry();

/** The most bytes one exported file may carry across the bridge (its base64 is at most 200 MB). */
export const MAX_EXPORT_BYTES = 150 * 1024 * 1024;

const base64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** A bundle that is not JSON: refused as a report, never thrown. */
function refusedText(why: string): VerifyReport {
  return {
    ok: false,
    items: [{ subject: 'bundle', status: 'refused', detail: `The file is not JSON: ${why}`.slice(0, 4000) }],
    signedBy: null,
  };
}

export const reportHandlers = {
  'reports.export': async (input, context) => {
    const tasks = tasksOf(context);
    if (tasks.has(input.taskId))
      throw new BridgeFailure('conflict', `An export with the task id ${input.taskId} is already running.`);
    const controller = new AbortController();
    tasks.set(input.taskId, controller);
    try {
      const settings = await context.settings.get();
      const client = await context.client();
      const result = await exportReport(
        input,
        {
          client,
          cases: context.cases,
          authorName: settings.authorName,
          appVersion: context.version,
          // The embedded service's extractor is this app's; a remote service's is named by its answers.
          serviceExtractorVersion:
            client.mode === 'embedded' ? extractorVersion({ ocr: settings.ocr }) : null,
          ...(context.printToPdf ? { printToPdf: context.printToPdf } : {}),
        },
        {
          signal: controller.signal,
          onProgress: (stage, done, total) =>
            context.emit('progress', { taskId: input.taskId, stage, done, total }),
        },
      );
      if ('print' in result) {
        if (!context.holdForPrint)
          throw new BridgeFailure(
            'not_supported',
            'This host can neither print a PDF nor open a print page.',
          );
        return {
          kind: 'print' as const,
          filename: result.filename,
          path: context.holdForPrint(result.print),
        };
      }
      if (result.bytes.byteLength > MAX_EXPORT_BYTES)
        throw new BridgeFailure(
          'too_large',
          `The report is over ${MAX_EXPORT_BYTES / 1024 / 1024} MB; export fewer cases at once. Nothing was written.`,
        );
      return {
        kind: 'file' as const,
        filename: result.filename,
        mediaType: result.mediaType,
        dataBase64: base64(result.bytes),
      };
    } finally {
      tasks.delete(input.taskId);
    }
  },
  'reports.cancel': (input, context) => {
    const controller = tasksOf(context).get(input.taskId);
    if (!controller || controller.signal.aborted) return { cancelled: false };
    controller.abort();
    return { cancelled: true };
  },
  'reports.verify': async (input, context) => {
    let json: unknown;
    try {
      json = JSON.parse(input.bundleJson);
    } catch (error) {
      return refusedText(error instanceof Error ? error.message : String(error));
    }
    const client = await context.client();
    // A colleague's bundle: its cases are on their computer, so only the cases kept here are compared.
    return verifyBundle(json, { client, cases: context.cases }, { onlyCasesKept: true });
  },
} satisfies Pick<BridgeHandlers, 'reports.export' | 'reports.cancel' | 'reports.verify'>;
