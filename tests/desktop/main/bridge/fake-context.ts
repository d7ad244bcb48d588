import type { Case } from '../../../../shared/bridge';
import { memoryAnnotationStore } from '../../../../desktop/main/annotations/store';
import type { EvidenceClient } from '../../../../desktop/main/client/types';
import { createSourceContentStore } from '../../../../desktop/main/handlers/content';
import type { AppSettings, HandlerContext } from '../../../../desktop/main/handlers/context';
import type { KeyStatus } from '../../../../desktop/main/keychain/types';

/**
 * A HandlerContext with in-memory settings and keys and a service client whose calls the test decides.
 * `storedKeys` is what a leak check looks for in every reply.
 */
export function fakeContext(client: Partial<EvidenceClient> = {}) {
  let settings: AppSettings = {
    mode: 'embedded',
    baseUrl: null,
    ocr: 'auto',
    dataDir: null,
    authorName: null,
    problem: null,
  };
  const storedKeys = new Map<string, string>();
  const status = (): KeyStatus & { serviceUrl: string | null } => {
    const url = settings.mode === 'remote' ? settings.baseUrl : null;
    return {
      hasKey: url !== null && storedKeys.has(url),
      storage: 'os-keychain',
      backend: 'fake',
      reason: null,
      serviceUrl: url,
    };
  };
  const missing = (name: string) => () => Promise.reject(new Error(`the test gave the client no ${name}`));
  const fullClient: EvidenceClient = {
    mode: 'embedded',
    uploadAsset: missing('uploadAsset'),
    fetchAsset: missing('fetchAsset'),
    getSource: missing('getSource'),
    getSourceContent: missing('getSourceContent'),
    listSources: missing('listSources'),
    removeSource: missing('removeSource'),
    publishRepresentation: missing('publishRepresentation'),
    getRepresentation: missing('getRepresentation'),
    extract: missing('extract'),
    verifyNumeric: missing('verifyNumeric'),
    verifyNumericWithRoles: missing('verifyNumericWithRoles'),
    search: missing('search'),
    searchFigures: missing('searchFigures'),
    listClaims: missing('listClaims'),
    claimCandidates: missing('claimCandidates'),
    close: () => Promise.resolve(),
    ...client,
  };
  const cases = new Map<string, Case>();
  let nextId = 0;
  const events: { event: string; payload: unknown }[] = [];
  const context: HandlerContext = {
    emit: (event, payload) => events.push({ event, payload }),
    cases: {
      list: () => [...cases.values()],
      get: (id) => cases.get(id) ?? null,
      put: (value) => {
        cases.set(value.id, value);
        return value;
      },
      delete: (id) => cases.delete(id),
      newId: () => `case_${String(++nextId).padStart(16, '0')}`,
    },
    annotations: memoryAnnotationStore(),
    version: '1.2.3',
    dataDir: '/home/checker/.config/workbench',
    client: () => Promise.resolve(fullClient),
    sourceContent: createSourceContentStore(() => Promise.resolve(fullClient)),
    settings: {
      get: () => Promise.resolve(settings),
      set: (patch) => {
        const next = { ...settings, ...patch };
        if (next.mode === 'remote' && !next.baseUrl)
          return Promise.reject(new Error('baseUrl: a remote service needs its URL'));
        settings = next;
        return Promise.resolve(settings);
      },
    },
    connection: {
      test: () => Promise.resolve({ outcome: 'ok' as const, message: 'fake', serviceUrl: settings.baseUrl }),
    },
    keys: {
      status: () => Promise.resolve(status()),
      set: (key) => {
        if (settings.baseUrl) storedKeys.set(settings.baseUrl, key);
        return Promise.resolve(status());
      },
      remove: () => {
        if (settings.baseUrl) storedKeys.delete(settings.baseUrl);
        return Promise.resolve(status());
      },
    },
  };
  return { context, storedKeys, events };
}
