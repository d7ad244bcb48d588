import type { OperationName, OperationResult, UploadFields } from '../../shared/api';
import { DEFAULT_OCR_MODE } from '../../shared/vocabulary/ocr';
import type { ExtractOptions } from '../extract/extract';
import { createExtractionPool } from '../extract/run-worker';
import { createDownloader } from '../fetch';
import type { StagedBlob } from '../store/blobs';
import type { EvidenceStore } from '../store/contract';
import { fetchAsset, stageFile, uploadAsset, type IncomingFile } from './assets';
import {
  extractAsset,
  getRepresentation,
  publishSourceRepresentation,
  type ExtractionSettings,
} from './extract';
import { claimCandidates, listArticleClaims } from './claims';
import { searchFigures } from './figures';
import { verifyNumeric, verifyNumericWithRoles } from './numeric';
import { searchSources } from './search';
import {
  getSource,
  getSourceContent,
  listSources,
  registerSource,
  removeSource,
  type PresentedBytes,
} from './sources';

// The local evidence service as one facade: the operations of shared/api/operations.ts bound to a store
// and an account, with typed inputs. The HTTP server (service/http) and the embedded client
// (desktop/main/client/embedded.ts) both call it, so neither wires an operation or an extraction default of
// its own.

/** What each operation takes. JSON bodies stay `unknown`: the operation validates them with the shared schema. */
export interface OperationInputs {
  uploadAsset: { staged: StagedBlob; filename: string | undefined; fields: UploadFields };
  fetchAsset: unknown;
  registerSource: { assetId: string; presented: PresentedBytes | null };
  getSource: { source_version_id: string };
  listSources: Record<string, never>;
  removeSource: { source_version_id: string };
  getSourceContent: { source_version_id: string };
  publishRepresentation: { source_version_id: string };
  getRepresentation: { representation_id: string };
  extract: unknown;
  verifyNumeric: unknown;
  verifyNumericWithRoles: unknown;
  search: unknown;
  searchFigures: unknown;
  listClaims: unknown;
  claimCandidates: unknown;
}

/** Per call: who hears of each page or sheet read (the app's progress events), and the caller's cancel. */
export interface CallContext {
  onUnit?: ExtractOptions['onUnit'];
  signal?: AbortSignal;
  /**
   * False when the caller reads only a search's results, not how many matched (the claims' candidates):
   * the count of every match, the costliest part of a search in a large library, is then skipped.
   */
  exactTotals?: boolean;
}

/** Every operation of the table, for one account. A missing one does not compile. */
export type AccountService = {
  [N in OperationName]: (input: OperationInputs[N], context?: CallContext) => Promise<OperationResult<N>>;
} & {
  /** Streams an upload into staging (the 50 MB ceiling is a 413 here); `uploadAsset` records it. */
  stageFile(file: IncomingFile): Promise<StagedBlob>;
  /** Drops staged bytes that will not be recorded (a form that failed after its file part). */
  discard(staged: StagedBlob): Promise<void>;
};

export interface LocalService {
  readonly store: EvidenceStore;
  readonly extraction: ExtractionSettings;
  forAccount(accountId: string): AccountService;
  /**
   * Ends the service's reading threads; a read still running or queued answers `extraction_error`. The
   * store is its owner's to close.
   */
  close(): Promise<void>;
}

/** Extraction defaults, in one place: the default OCR mode and guarded downloads for `asset_url` (service/fetch). */
export function extractionSettings(overrides: Partial<ExtractionSettings> = {}): ExtractionSettings {
  return { ocr: DEFAULT_OCR_MODE, download: createDownloader(), ...overrides };
}

export function createLocalService(
  store: EvidenceStore,
  extraction: Partial<ExtractionSettings> = {},
): LocalService {
  // The reading threads start with the first document read, so a service that reads none starts none.
  const pool = createExtractionPool();
  const settings = extractionSettings({ ...extraction, pool });
  const withContext = (context: CallContext | undefined): ExtractionSettings => ({
    ...settings,
    ...(context?.onUnit ? { onUnit: context.onUnit } : {}),
    ...(context?.signal ? { signal: context.signal } : {}),
  });
  return {
    store,
    extraction: settings,
    close: () => pool.close(),
    forAccount(accountId) {
      const account: AccountService = {
        stageFile: (file) => stageFile(store, file),
        discard: (staged) => store.blobs.discard(staged),
        uploadAsset: (input) => uploadAsset(store, accountId, input.staged, input.filename, input.fields),
        fetchAsset: (body) => fetchAsset(store, accountId, body, settings.download),
        registerSource: (input) => registerSource(store, accountId, input.assetId, input.presented),
        getSource: async (input) => getSource(store, accountId, input.source_version_id),
        listSources: () => listSources(store, accountId),
        removeSource: (input) => removeSource(store, accountId, input.source_version_id),
        getSourceContent: (input) => getSourceContent(store, accountId, input.source_version_id),
        publishRepresentation: (input, context) =>
          publishSourceRepresentation(store, accountId, input.source_version_id, withContext(context)),
        getRepresentation: async (input) => getRepresentation(store, accountId, input.representation_id),
        extract: (body, context) => extractAsset(store, accountId, body, withContext(context)),
        verifyNumeric: async (body) => verifyNumeric(store, accountId, body),
        verifyNumericWithRoles: async (body) => verifyNumericWithRoles(store, accountId, body),
        search: async (body, context) =>
          searchSources(store, accountId, body, context?.exactTotals !== false),
        searchFigures: async (body) => searchFigures(store, accountId, body),
        listClaims: (body) => listArticleClaims(account, body),
        claimCandidates: (body) => claimCandidates(account, body),
      };
      return account;
    },
  };
}
