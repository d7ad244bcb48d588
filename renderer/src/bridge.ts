import { MAX_ASSET_BYTES } from '../../shared/api/limits';
import {
  BRIDGE_ERROR,
  bridgeChannels,
  bridgeEvents,
  bridgeResultSchema,
  WEB_BRIDGE_PATH,
  WEB_EVENTS_PATH,
  WEB_TOKEN_HEADER,
  WEB_UPLOAD_META_HEADER,
  WEB_UPLOAD_PATH,
  webSourceContentPath,
  type BridgeChannel,
  type BridgeError,
  type BridgeEvent,
  type BridgeEventPayload,
  type BridgeInput,
  type BridgeOutput,
  type BridgeResult,
  type UploadMeta,
} from '../../shared/bridge';
import { followAddressToken, launchToken, tabStorage, type TokenPlace } from './launch-token';

/** Where the viewer reads a source's original bytes: a URL and the headers to send (range requests work). */
export interface SourceContentLocation {
  url: string;
  httpHeaders: Record<string, string>;
}

/** What a host offers the page: the preload's `window.workbench`, or the web host's HTTP bridge. */
export interface WorkbenchTransport {
  invoke(channel: string, input: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  /** `library.upload` with the file's bytes as bytes (a streamed body, or an ArrayBuffer over IPC). */
  upload(meta: UploadMeta, file: Blob): Promise<unknown>;
  /** The original bytes of a source version, for the viewer. */
  sourceContent(sourceVersionId: string): SourceContentLocation;
}

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a browser on the web host. */
    workbench?: WorkbenchTransport;
  }
}

export interface BridgeClient {
  /** Which host the page runs in. */
  readonly host: 'electron' | 'web';
  /** A typed call; the reply is checked against the channel's output schema before it is returned. */
  invoke<C extends BridgeChannel>(channel: C, input: BridgeInput<C>): Promise<BridgeResult<BridgeOutput<C>>>;
  /** Payloads that fail the event's schema are dropped. */
  on<E extends BridgeEvent>(event: E, listener: (payload: BridgeEventPayload<E>) => void): () => void;
  /** Uploads and retains a file; the reply is checked like `library.upload`'s. */
  upload(meta: UploadMeta, file: Blob): Promise<BridgeResult<BridgeOutput<'library.upload'>>>;
  sourceContent(sourceVersionId: string): SourceContentLocation;
}

function fail(code: string, message: string): BridgeResult<never> {
  return { ok: false, error: { code, message } };
}

/** The web host's bridge: `POST /bridge/invoke` on the page's own origin, with the token header. */
export function createWebTransport(token: string | null): WorkbenchTransport {
  const events = webEvents(token);
  const tokenHeader: Record<string, string> = token ? { [WEB_TOKEN_HEADER]: token } : {};
  /** One POST to the host, answered with a bridge reply (or a failure that says why there is none). */
  async function post(path: string, headers: Record<string, string>, body: BodyInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(path, {
        method: 'POST',
        headers: { ...headers, ...tokenHeader },
        body,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      return fail(
        BRIDGE_ERROR.bridgeUnavailable,
        'The workbench host cannot be reached. Is it still running?',
      );
    }
    try {
      return (await response.json()) as unknown;
    } catch {
      return fail(
        BRIDGE_ERROR.invalidReply,
        `The workbench host answered ${response.status} without a bridge reply.`,
      );
    }
  }
  return {
    invoke: (channel, input) =>
      post(WEB_BRIDGE_PATH, { 'content-type': 'application/json' }, JSON.stringify({ channel, input })),
    on: (event, listener) => events.on(event, listener),
    upload: (meta, file) =>
      post(
        WEB_UPLOAD_PATH,
        {
          'content-type': 'application/octet-stream',
          [WEB_UPLOAD_META_HEADER]: encodeURIComponent(JSON.stringify(meta)),
        },
        file,
      ),
    sourceContent: (sourceVersionId) => ({
      url: webSourceContentPath(sourceVersionId),
      httpHeaders: { ...tokenHeader },
    }),
  };
}

/**
 * The web host's pushed events: one `GET /bridge/events` (with the token header) read as JSON lines,
 * opened with the first listener and closed with the last.
 */
function webEvents(token: string | null) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let controller: AbortController | null = null;

  async function read(signal: AbortSignal): Promise<void> {
    const response = await fetch(WEB_EVENTS_PATH, {
      headers: token ? { [WEB_TOKEN_HEADER]: token } : {},
      credentials: 'omit',
      cache: 'no-store',
      signal,
    });
    if (!response.ok || !response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += value;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        let message: { event?: unknown; payload?: unknown };
        try {
          message = JSON.parse(line) as { event?: unknown; payload?: unknown };
        } catch {
          continue;
        }
        if (typeof message.event !== 'string') continue;
        for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
      }
    }
  }

  return {
    on(event: string, listener: (payload: unknown) => void): () => void {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      if (controller === null) {
        const current = new AbortController();
        controller = current;
        // A stream that ends or fails stops the events; the page's calls still work.
        read(current.signal).catch(() => {});
      }
      return () => {
        set.delete(listener);
        if ([...listeners.values()].every((s) => s.size === 0)) {
          controller?.abort();
          controller = null;
        }
      };
    },
  };
}

export function createBridgeClient(transport: WorkbenchTransport, host: BridgeClient['host']): BridgeClient {
  return {
    host,
    async invoke(channel, input) {
      let reply: unknown;
      try {
        reply = await transport.invoke(channel, input);
      } catch {
        return fail(BRIDGE_ERROR.bridgeUnavailable, 'The workbench bridge did not answer.');
      }
      const parsed = bridgeResultSchema(bridgeChannels[channel].output).safeParse(reply);
      if (!parsed.success) {
        return fail(
          BRIDGE_ERROR.invalidReply,
          `The reply to "${channel}" did not match the workbench contract.`,
        );
      }
      return parsed.data as BridgeResult<BridgeOutput<typeof channel>>;
    },
    async upload(meta, file) {
      // Refused here, before a byte is read or sent: the hosts would refuse it too, mid-stream.
      if (file.size > MAX_ASSET_BYTES)
        return fail(
          BRIDGE_ERROR.tooLarge,
          `The file is over the ${MAX_ASSET_BYTES / 1_000_000} MB ceiling; it was not stored.`,
        );
      let reply: unknown;
      try {
        reply = await transport.upload(meta, file);
      } catch {
        return fail(BRIDGE_ERROR.bridgeUnavailable, 'The workbench bridge did not answer.');
      }
      const parsed = bridgeResultSchema(bridgeChannels['library.upload'].output).safeParse(reply);
      if (!parsed.success)
        return fail(
          BRIDGE_ERROR.invalidReply,
          'The reply to the upload did not match the workbench contract.',
        );
      return parsed.data as BridgeResult<BridgeOutput<'library.upload'>>;
    },
    sourceContent: (sourceVersionId) => transport.sourceContent(sourceVersionId),
    on(event, listener) {
      const schema = bridgeEvents[event];
      return transport.on(event, (payload) => {
        const parsed = schema.safeParse(payload);
        if (parsed.success) listener(parsed.data as BridgeEventPayload<typeof event>);
      });
    },
  };
}

function connect(): BridgeClient {
  if (window.workbench) return createBridgeClient(window.workbench, 'electron');
  const place: TokenPlace = {
    location: window.location,
    history: window.history,
    storage: tabStorage(window),
  };
  const token = launchToken(place);
  window.addEventListener('hashchange', () =>
    followAddressToken(place, token, () => window.location.reload()),
  );
  return createBridgeClient(createWebTransport(token), 'web');
}

let pageBridge: BridgeClient | null = null;

/** The page's one bridge, chosen on first use and kept (the launch token is read once per load). */
export function bridge(): BridgeClient {
  pageBridge ??= connect();
  return pageBridge;
}

/** A failed bridge call, thrown for React Query; keeps the bridge's code. */
export class BridgeCallError extends Error {
  readonly code: string;
  /** The evidence service's own code of a refusal, when the service refused. */
  readonly serviceCode: string | null;
  /** The request fields the service named (`claim`, `operands.0.figure_index`). */
  readonly fields: readonly string[];
  constructor(error: BridgeError) {
    super(error.message);
    this.name = 'BridgeCallError';
    this.code = error.code;
    this.serviceCode = error.serviceCode ?? null;
    this.fields = error.fields ?? [];
  }
}

/**
 * When React Query asks again after a failed call: up to three tries, as by default, but none after the web
 * host refused this tab's token, which asking again cannot change (the library would sit on "Loading…").
 */
export function retryUnlessRefused(failureCount: number, error: Error): boolean {
  if (error instanceof BridgeCallError && error.code === BRIDGE_ERROR.unauthorized) return false;
  return failureCount < 3;
}

/** Calls a channel and returns its value, or throws a BridgeCallError carrying the typed error. */
export async function callBridge<C extends BridgeChannel>(
  channel: C,
  input: BridgeInput<C>,
): Promise<BridgeOutput<C>> {
  const result = await bridge().invoke(channel, input);
  if (!result.ok) throw new BridgeCallError(result.error);
  return result.value;
}

/** Uploads and retains one file, following its progress under `meta.taskId`; throws a BridgeCallError. */
export async function uploadFile(meta: UploadMeta, file: Blob): Promise<BridgeOutput<'library.upload'>> {
  const result = await bridge().upload(meta, file);
  if (!result.ok) throw new BridgeCallError(result.error);
  return result.value;
}

/** Where the viewer reads the original bytes of a source version. */
export function sourceContent(sourceVersionId: string): SourceContentLocation {
  return bridge().sourceContent(sourceVersionId);
}
