import type {
  BridgeEvent,
  BridgeEventPayload,
  ConnectionTestInput,
  ConnectionTestOutput,
} from '../../../shared/bridge';
import type { SettingsPatch, SettingsView } from '../../../shared/vocabulary/settings';
import type { AnnotationStore } from '../annotations/store';
import type { CaseStore } from '../cases/store';
import type { EvidenceClient } from '../client/types';
import type { KeyStatus } from '../keychain/types';
import type { SourceContentStore } from './content';

/** The settings the main process keeps (desktop/main/settings), as handlers use them: the bridge's view. */
export type AppSettings = SettingsView;

/**
 * What every bridge handler is given by the host that runs it (Electron or the web host).
 * Main-process only: no bridge reply may carry the data folder or the API key.
 */
export interface HandlerContext {
  /** The app's version (package.json). */
  readonly version: string;
  /** The app's data folder. */
  readonly dataDir: string;
  /** Pushes an event to the host's page(s); nothing happens where no page listens. */
  emit<E extends BridgeEvent>(event: E, payload: BridgeEventPayload<E>): void;
  /** The evidence service, per the current settings (embedded or remote). */
  client(): Promise<EvidenceClient>;
  settings: {
    get(): Promise<AppSettings>;
    /** Validates and stores a change; the service client follows it. */
    set(patch: SettingsPatch): Promise<AppSettings>;
  };
  /** The person's cases, in the data folder. */
  cases: CaseStore;
  /** What the person said about their documents (their credibility rating, a year), in the data folder. */
  annotations: AnnotationStore;
  /** The original bytes of sources for the viewer, cached in the main process (desktop/main/handlers/content.ts). */
  sourceContent: SourceContentStore;
  keys: {
    /** The key status for the configured remote service (null URL in embedded mode). */
    status(): Promise<KeyStatus & { serviceUrl: string | null }>;
    set(key: string): Promise<KeyStatus & { serviceUrl: string | null }>;
    remove(): Promise<KeyStatus & { serviceUrl: string | null }>;
  };
  /**
   * The Electron host only: prints a report's HTML to PDF bytes (Chromium's printToPDF in a hidden,
   * sandboxed window that loads nothing else). Absent in the web host.
   */
  printToPdf?: (html: string, signal?: AbortSignal) => Promise<Uint8Array>;
  /**
   * The web host only: keeps a report's HTML in memory for one visit of the path it answers
   * (`/bridge/print/<id>`), where the browser prints it. Absent in the Electron host.
   */
  holdForPrint?: (html: string) => string;
  connection: {
    /** Tries a remote service (default: the one in use) with a key (default: the kept one); never throws. */
    test(input: ConnectionTestInput): Promise<ConnectionTestOutput>;
  };
}
