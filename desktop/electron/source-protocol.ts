import { BRIDGE_ERROR, SOURCE_SCHEME } from '../../shared/bridge/names';
import {
  answerSourceContent,
  errorAnswer,
  type ContentAnswer,
  type SourceContentStore,
} from '../main/handlers/content';
import { APP_ORIGIN, isAppUrl } from './trust';

/** The host of every source URL: `evidence-source://source/<encoded id>` (electronSourceContentUrl). */
export const SOURCE_HOST = 'source';

/**
 * The answer crosses origins (app://workbench reads evidence-source://source): CORS for the app's own
 * origin only, with the headers pdf.js reads of a range answer exposed.
 */
const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': APP_ORIGIN,
  'access-control-expose-headers': 'accept-ranges, content-length, content-range, etag',
  vary: 'origin',
};

/**
 * Whether the request comes from the app's own page: its Origin is the app's (a fetch across origins
 * always carries one), or, without an Origin, its referrer is an app URL. Anything else (another
 * scheme, an opaque `null` origin, a page loaded from elsewhere) is refused.
 */
export function isFromAppPage(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return origin === APP_ORIGIN;
  return isAppUrl(request.referrer);
}

/** The source version id of `evidence-source://source/<id>`: one decoded path segment, or null. */
export function sourceIdOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (
    parsed.protocol !== `${SOURCE_SCHEME}:` ||
    parsed.host !== SOURCE_HOST ||
    parsed.username !== '' ||
    parsed.password !== '' ||
    parsed.search !== ''
  )
    return null;
  const match = /^\/([^/]+)$/.exec(parsed.pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

function toResponse(answer: ContentAnswer, cors: boolean): Response {
  const headers = { ...answer.headers, ...(cors ? CORS_HEADERS : {}) };
  const noBody = answer.body === null || answer.status === 204;
  return new Response(noBody ? null : (answer.body as Uint8Array<ArrayBuffer>), {
    status: answer.status,
    headers,
  });
}

/**
 * The `evidence-source:` handler of the Electron host: a source's original bytes, with the same Range
 * answers as the web host (desktop/main/handlers/content.ts), for the app's own page only and a well-formed
 * id only. Registered on the app's session in desktop/electron/index.ts.
 */
export function createSourceProtocolHandler(
  store: SourceContentStore,
  onInternalError: (error: unknown) => void = (error) =>
    console.error('evidence-source: request failed:', error),
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!isFromAppPage(request))
      return toResponse(
        errorAnswer(403, BRIDGE_ERROR.forbidden, 'Only the workbench itself reads its sources.'),
        false,
      );
    const id = sourceIdOf(request.url);
    if (id === null)
      return toResponse(errorAnswer(404, BRIDGE_ERROR.notFound, 'There is no source at that address.'), true);
    if (request.method === 'OPTIONS')
      return toResponse(
        {
          status: 204,
          headers: {
            'access-control-allow-methods': 'GET, HEAD',
            'access-control-allow-headers': 'range, if-range',
            'access-control-max-age': '600',
          },
          body: null,
        },
        true,
      );
    try {
      return toResponse(
        await answerSourceContent(store, id, {
          method: request.method,
          range: request.headers.get('range'),
          ifRange: request.headers.get('if-range'),
        }),
        true,
      );
    } catch (error) {
      onInternalError(error);
      return toResponse(
        errorAnswer(500, BRIDGE_ERROR.internalError, 'The workbench could not read this source.'),
        true,
      );
    }
  };
}
