/**
 * The names that cross the bridge, without their schemas, so the sandboxed preload can refuse an
 * unknown channel without bundling zod. `contract.ts` checks that its maps use exactly these names.
 */
export const BRIDGE_CHANNELS = [
  'health',
  'settings.get',
  'settings.set',
  'settings.testConnection',
  'key.status',
  'key.set',
  'key.remove',
  'library.upload',
  'library.fetchUrl',
  'library.source',
  'library.list',
  'library.remove',
  'library.citedBy',
  'library.annotate',
  'documents.publish',
  'documents.get',
  'checks.verify',
  'search.query',
  'figures.byValue',
  'article.claims',
  'article.candidates',
  'article.cancel',
  'article.case',
  'cases.list',
  'cases.get',
  'cases.save',
  'cases.check',
  'cases.judge',
  'cases.assignRoles',
  'cases.cite',
  'cases.keepCheck',
  'cases.unkeep',
  'cases.setVerdict',
  'cases.delete',
  'reports.export',
  'reports.cancel',
  'reports.verify',
] as const;
export type BridgeChannel = (typeof BRIDGE_CHANNELS)[number];

export const BRIDGE_EVENTS = ['progress', 'menu'] as const;
export type BridgeEvent = (typeof BRIDGE_EVENTS)[number];

/** The one IPC channel every bridge call travels on (Electron host). */
export const BRIDGE_INVOKE_IPC = 'bridge:invoke';
/**
 * Uploads in the Electron host: `(meta: UploadMeta, bytes: ArrayBuffer)`, the file's bytes carried by
 * structured clone (never base64); answered with a bridge result of `library.upload`.
 */
export const BRIDGE_UPLOAD_IPC = 'bridge:upload';
/** Events travel on `bridge:event:<event>` (Electron host). */
export const bridgeEventIpc = (event: BridgeEvent): string => `bridge:event:${event}`;

/** The path and header of a bridge call on the loopback web host. */
export const WEB_BRIDGE_PATH = '/bridge/invoke';
export const WEB_TOKEN_HEADER = 'x-workbench-token';
/**
 * Uploads on the loopback web host: `POST` with the file's raw bytes as the body (never base64 in JSON),
 * the token header, and the upload's fields as JSON in `WEB_UPLOAD_META_HEADER` (percent-encoded UTF-8).
 * The answer is a bridge result of `library.upload`.
 */
export const WEB_UPLOAD_PATH = '/bridge/upload';
export const WEB_UPLOAD_META_HEADER = 'x-workbench-upload';
/**
 * A source's original bytes on the loopback web host: `GET /bridge/sources/<sourceVersionId>/content`
 * with the token header; answers Range requests (206) so a large PDF opens without being read whole.
 */
export const webSourceContentPath = (sourceVersionId: string): string =>
  `/bridge/sources/${encodeURIComponent(sourceVersionId)}/content`;
/** The same bytes in the Electron host: a privileged scheme served by main, for the app's own window only. */
export const SOURCE_SCHEME = 'evidence-source';
export const electronSourceContentUrl = (sourceVersionId: string): string =>
  `${SOURCE_SCHEME}://source/${encodeURIComponent(sourceVersionId)}`;

/** Pushed events on the loopback web host: one JSON object `{ event, payload }` per line, while open. */
export const WEB_EVENTS_PATH = '/bridge/events';

// Set lookups, so `toString` or `__proto__` are never mistaken for a channel.
const channelNames: ReadonlySet<string> = new Set(BRIDGE_CHANNELS);
const eventNames: ReadonlySet<string> = new Set(BRIDGE_EVENTS);

export function isBridgeChannel(value: unknown): value is BridgeChannel {
  return typeof value === 'string' && channelNames.has(value);
}

export function isBridgeEvent(value: unknown): value is BridgeEvent {
  return typeof value === 'string' && eventNames.has(value);
}

/** Stable codes of a bridge error; the message beside it is for people. */
export const BRIDGE_ERROR = {
  /** The channel is not in the contract. */
  unknownChannel: 'unknown_channel',
  /** The input failed the channel's input schema. */
  invalidInput: 'invalid_input',
  /** The handler failed or answered outside its output schema; details stay in the main process. */
  internalError: 'internal_error',
  /** Web host: the call lacked the per-launch token or carried a wrong one. */
  unauthorized: 'unauthorized',
  /** Web host: wrong Host or Origin. */
  forbidden: 'forbidden',
  /** Web host: the body was not a bridge request. */
  invalidRequest: 'invalid_request',
  /** Renderer: no bridge could be reached. */
  bridgeUnavailable: 'bridge_unavailable',
  /** Renderer: the reply failed the contract's schemas. */
  invalidReply: 'invalid_reply',
  /** The evidence service is remote and no API key is set for it. */
  noKey: 'no_key',
  /** library.remove: cases cite the document; it is removed only when the person confirms with `force`. */
  citedByCases: 'cited_by_cases',
  /** An upload over the 50 MB ceiling (refused before more than the ceiling is read). */
  tooLarge: 'too_large',
  /** No such source version (the viewer's original bytes). */
  notFound: 'not_found',
} as const;
export type BridgeErrorCode = (typeof BRIDGE_ERROR)[keyof typeof BRIDGE_ERROR];
