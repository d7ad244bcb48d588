import { realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** The media type of a renderer file; unknown kinds are served as opaque bytes. */
export function mediaTypeFor(filePath: string): string {
  return MEDIA_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file of the renderer build that a URL path names, or null when it names nothing servable:
 * undecodable, a NUL byte, a backslash, a `..` segment, a path outside `rendererDir` (symlinks
 * included), a directory or a missing file. `/` names `index.html`.
 */
export async function resolveRendererFile(rendererDir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) return null;
  const relative = segments.length === 0 ? 'index.html' : segments.join('/');

  const root = resolve(rendererDir);
  const candidate = resolve(root, relative);
  if (!candidate.startsWith(root + sep)) return null;
  try {
    const [realRoot, realCandidate] = await Promise.all([realpath(root), realpath(candidate)]);
    if (!realCandidate.startsWith(realRoot + sep)) return null;
    const info = await stat(realCandidate);
    return info.isFile() ? realCandidate : null;
  } catch {
    return null;
  }
}
