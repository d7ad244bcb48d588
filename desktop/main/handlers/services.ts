import { join } from 'node:path';
import { createAnnotationStore } from '../annotations/store';
import { createCaseStore } from '../cases/store';
import { createEmbeddedClient } from '../client/embedded';
import { probeService } from '../client/probe';
import { createRemoteClient } from '../client/remote';
import { normaliseServiceUrl } from '../../../shared/vocabulary/settings';
import type { BridgeEvent, BridgeEventPayload, ProgressEvent } from '../../../shared/bridge';
import type { EvidenceClient } from '../client/types';
import { createKeyStore } from '../keychain';
import type { KeyStatus, KeyStore } from '../keychain/types';
import { loadSettings, previewSettings, saveSettings, type LoadedSettings } from '../settings';
import { createSourceContentStore } from './content';
import type { AppSettings, HandlerContext } from './context';

// The main process's services behind the bridge, the same for both hosts: settings from the data folder,
// the API key in the OS keychain (or this session's memory), and one evidence service client that follows
// the settings (embedded: the local service in the data folder's `service/`; remote: HTTP with the key).

export interface MainServicesOptions {
  version: string;
  dataDir: string;
  /** Tests pass their own (a fake keychain); the hosts use the OS keychain. */
  keyStore?: KeyStore;
  /** Pushes an event to the page(s) of the host. */
  emit?: <E extends BridgeEvent>(event: E, payload: BridgeEventPayload<E>) => void;
}

export interface MainServices extends HandlerContext {
  close(): Promise<void>;
}

const NO_KEY_NEEDED: KeyStatus = {
  hasKey: false,
  storage: 'os-keychain',
  backend: 'not-needed',
  reason: null,
};

export async function createMainServices(options: MainServicesOptions): Promise<MainServices> {
  const { dataDir } = options;
  const keyStore = options.keyStore ?? createKeyStore();
  let current: AppSettings = view(await loadSettings(dataDir));
  let client: Promise<EvidenceClient> | null = null;

  const open = (settings: AppSettings = current): Promise<EvidenceClient> => {
    if (settings.mode === 'remote' && settings.baseUrl !== null) {
      const baseUrl = settings.baseUrl;
      return Promise.resolve(createRemoteClient({ baseUrl, apiKey: () => keyStore.read(baseUrl) }));
    }
    const emit = options.emit;
    return createEmbeddedClient({
      dataDir: settings.dataDir ?? join(dataDir, 'service'),
      ocr: settings.ocr,
      ...(emit ? { onProgress: (progress: ProgressEvent) => emit('progress', progress) } : {}),
    });
  };
  const reset = async () => {
    const previous = client;
    client = null;
    if (previous) await (await previous.catch(() => null))?.close();
  };
  const remoteUrl = () => (current.mode === 'remote' ? current.baseUrl : null);
  const withUrl = (status: KeyStatus, serviceUrl: string | null) => ({ ...status, serviceUrl });

  const currentClient = (): Promise<EvidenceClient> => {
    client ??= open();
    // A client that failed to open is not kept: the next call tries again.
    client.catch(() => {
      client = null;
    });
    return client;
  };

  return {
    version: options.version,
    dataDir,
    emit: (event, payload) => options.emit?.(event, payload),
    client: currentClient,
    sourceContent: createSourceContentStore(currentClient),
    settings: {
      get: () => Promise.resolve(current),
      // A change takes effect at once, and only once the service it names opens: the new client is opened
      // before anything is written, so a refused change leaves the old settings and client in force.
      async set(patch) {
        const next = view(await previewSettings(dataDir, patch));
        const changed =
          next.mode !== current.mode ||
          next.baseUrl !== current.baseUrl ||
          next.ocr !== current.ocr ||
          next.dataDir !== current.dataDir;
        let opened: EvidenceClient | null = null;
        if (changed) {
          // The local service locks its folder: the same folder must be let go before it is opened again.
          const sameFolder =
            next.mode === 'embedded' && current.mode === 'embedded' && next.dataDir === current.dataDir;
          if (sameFolder) await reset();
          try {
            opened = await open(next);
          } catch (error) {
            const why = error instanceof Error ? error.message : String(error);
            throw new Error(
              `Settings not saved: the ${next.mode === 'remote' ? 'remote service' : 'local evidence service'} could not be opened (${why}). The previous settings stay in force.`,
              { cause: error },
            );
          }
        }
        let saved: AppSettings;
        try {
          saved = view(await saveSettings(dataDir, patch));
        } catch (error) {
          await opened?.close();
          throw error;
        }
        current = saved;
        if (opened !== null) {
          await reset();
          client = Promise.resolve(opened);
        }
        return current;
      },
    },
    keys: {
      async status() {
        const url = remoteUrl();
        return url === null ? withUrl(NO_KEY_NEEDED, null) : withUrl(await keyStore.status(url), url);
      },
      async set(key) {
        const url = remoteUrl();
        if (url === null) return withUrl(NO_KEY_NEEDED, null);
        return withUrl(await keyStore.set(url, key), url);
      },
      async remove() {
        const url = remoteUrl();
        if (url === null) return withUrl(NO_KEY_NEEDED, null);
        return withUrl(await keyStore.remove(url), url);
      },
    },
    connection: {
      async test(input) {
        const wanted = input.baseUrl ?? remoteUrl();
        if (wanted === undefined || wanted === null) {
          try {
            await currentClient();
            return {
              outcome: 'ok',
              message: 'The workbench uses its own local evidence service.',
              serviceUrl: null,
            };
          } catch (error) {
            return {
              outcome: 'unreachable',
              message: `The local evidence service could not be opened (${error instanceof Error ? error.message : String(error)}).`,
              serviceUrl: null,
            };
          }
        }
        const normalised = normaliseServiceUrl(wanted);
        if (!normalised.ok)
          return {
            outcome: 'invalid_url',
            message: `The service URL cannot be used: ${normalised.problem}.`,
            serviceUrl: null,
          };
        const serviceUrl = normalised.url;
        const key = input.key ?? (await keyStore.read(serviceUrl).catch(() => null));
        return { ...(await probeService({ baseUrl: serviceUrl, key })), serviceUrl };
      },
    },
    cases: createCaseStore(dataDir),
    annotations: createAnnotationStore(dataDir),
    close: reset,
  };
}

/** What the handlers see of the stored settings. */
function view(settings: LoadedSettings): AppSettings {
  return {
    mode: settings.mode,
    baseUrl: settings.baseUrl,
    ocr: settings.ocr,
    dataDir: settings.dataDir,
    authorName: settings.authorName,
    problem: settings.problem,
  };
}
