import { randomBytes } from 'node:crypto';

// The web host's one-time print pages: a PDF export in a browser answers a path where the
// report's HTML waits, in memory, to be opened once in a new tab and printed with the browser's dialog.
// The path's id (128 random bits) is the capability; the page is forgotten once served, after its time
// is up, or when newer ones push it out.

export const PRINT_PATH_PREFIX = '/bridge/print/';

/** How long a print page waits to be opened. */
export const PRINT_PAGE_TTL_MS = 10 * 60 * 1000;
/** The most print pages kept at once; a new one pushes out the oldest. */
export const MAX_PRINT_PAGES = 4;

/**
 * The headers of a print page: nothing but the page itself and its inline styles and data: images may
 * load, no script runs, nothing may frame it, no referrer leaves it.
 */
export const PRINT_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

export interface PrintPages {
  /** Keeps the HTML for one visit; answers its path (`/bridge/print/<id>`). */
  hold(html: string): string;
  /** The HTML of a path's id, once: null for an unknown, used or expired id. */
  take(id: string): string | null;
  /** How many pages wait. */
  readonly size: number;
}

/** The id of a print page path, or null for any other path. */
export function printPageId(pathname: string): string | null {
  if (!pathname.startsWith(PRINT_PATH_PREFIX)) return null;
  const id = pathname.slice(PRINT_PATH_PREFIX.length);
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : '';
}

export function createPrintPages(
  options: { ttlMs?: number; max?: number; now?: () => number } = {},
): PrintPages {
  const ttl = options.ttlMs ?? PRINT_PAGE_TTL_MS;
  const max = options.max ?? MAX_PRINT_PAGES;
  const now = options.now ?? Date.now;
  // Insertion order is age order: the first entry is the oldest.
  const pages = new Map<string, { html: string; expires: number }>();
  const sweep = () => {
    const at = now();
    for (const [id, page] of pages) if (page.expires <= at) pages.delete(id);
  };
  return {
    hold(html) {
      sweep();
      while (pages.size >= max) pages.delete(pages.keys().next().value!);
      const id = randomBytes(16).toString('base64url');
      pages.set(id, { html, expires: now() + ttl });
      // Unopened pages do not wait in memory for the next visit to be swept.
      setTimeout(() => pages.delete(id), ttl).unref();
      return `${PRINT_PATH_PREFIX}${id}`;
    },
    take(id) {
      sweep();
      const page = pages.get(id);
      if (!page) return null;
      pages.delete(id);
      return page.html;
    },
    get size() {
      sweep();
      return pages.size;
    },
  };
}
