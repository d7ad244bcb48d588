import { readFile } from 'node:fs/promises';
import { RENDERER_SECURITY_HEADERS } from '../main/security/csp';
import { mediaTypeFor, resolveRendererFile } from '../main/security/renderer-files';
import { APP_HOST } from './trust';

/** The `app://` handler: files of the renderer build, with the CSP header; nothing else. */
export function createRendererProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const file =
      url.host === APP_HOST && request.method === 'GET'
        ? await resolveRendererFile(rendererDir, url.pathname)
        : null;
    if (file === null) {
      return new Response('Not found', { status: 404, headers: { ...RENDERER_SECURITY_HEADERS } });
    }
    return new Response(await readFile(file), {
      status: 200,
      headers: { ...RENDERER_SECURITY_HEADERS, 'content-type': mediaTypeFor(file) },
    });
  };
}
