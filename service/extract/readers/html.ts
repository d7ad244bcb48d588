import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { Reader } from '../types';
import { decodeText, detectEncoding } from './decode';
import { htmlToMarkdown } from './markdown-html';
import { singleUnitResult } from './markdown-unit';

// Web pages: decoded (a BOM, else the page's own <meta charset>, else the UTF-8 / windows-1252 guess),
// parsed by linkedom (which never fetches anything: no scripts run, no images, styles or frames load),
// reduced to the main content by Readability (falling back to the whole body when it finds none or too
// little), then turned into markdown with pipe tables. Navigation, footers, scripts and styles are gone
// before either step sees the page.

/** Elements that never hold the page's text. */
const NOISE = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'nav',
  'footer',
  'link',
  'meta',
  'base',
];

/** The little of the DOM used here (linkedom's types lean on the DOM lib, which the service leaves out). */
interface HtmlElement {
  textContent: string | null;
  innerHTML: string;
  remove(): void;
  querySelectorAll(selector: string): Iterable<HtmlElement>;
}
interface HtmlDocument extends HtmlElement {
  body: HtmlElement | null;
  documentElement: HtmlElement | null;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The encoding a `<meta charset>` (or http-equiv Content-Type) in the first 1024 bytes names, if any. */
export function metaCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString(
    'latin1',
  );
  for (const match of head.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = match[0];
    const label =
      /\bcharset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(tag)?.[1] ??
      (/http-equiv\s*=\s*["']?content-type/i.test(tag)
        ? /charset\s*=\s*([A-Za-z0-9._:-]+)/i.exec(tag)?.[1]
        : undefined);
    if (label === undefined) continue;
    try {
      const encoding = new TextDecoder(label.toLowerCase()).encoding;
      // The HTML standard: a meta tag claiming UTF-16 means UTF-8 (the bytes could not say so otherwise).
      return encoding.startsWith('utf-16') ? 'utf-8' : encoding;
    } catch {
      continue; // an unknown label is ignored, as a browser does
    }
  }
  return null;
}

/** A BOM first, then the page's declared charset, then the UTF-8 / windows-1252 guess. */
export function decodeHtml(bytes: Uint8Array): string {
  if (detectEncoding(bytes).bom === 0) {
    const declared = metaCharset(bytes);
    if (declared !== null) return new TextDecoder(declared).decode(bytes).replace(/\r\n?/g, '\n');
  }
  return decodeText(bytes).text;
}

/**
 * The page rebuilt as `<html><head><title/></head><body>...</body></html>`. linkedom is no HTML5 tree
 * builder: it does not supply a missing <html>, <head> or <body>, and a fragment or a page without a
 * body tag comes out with an empty body. So the body's markup is cut out here (everything when there is
 * no body tag, less the doctype, html and head tags) and the title kept for Readability.
 */
export function normaliseDocument(html: string): string {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1]?.replace(/</g, '&lt;') ?? '';
  const open = /<body\b[^>]*>/i.exec(html);
  let body: string;
  if (open) {
    const start = open.index + open[0].length;
    const end = html.toLowerCase().lastIndexOf('</body');
    body = html.slice(start, end >= start ? end : html.length);
  } else {
    body = html
      .replace(/<head\b[^>]*>[\s\S]*?<\/head\s*>/gi, '')
      .replace(/<title\b[^>]*>[\s\S]*?<\/title\s*>/gi, '');
  }
  body = body.replace(/<!doctype[^>]*>/gi, '').replace(/<\/?(html|head|body)\b[^>]*>/gi, '');
  return `<!DOCTYPE html><html><head><title>${title}</title></head><body>${body}</body></html>`;
}

function parse(html: string): HtmlDocument {
  const { document } = parseHTML(normaliseDocument(html)) as { document: HtmlDocument };
  for (const node of [...document.querySelectorAll(NOISE.join(','))]) node.remove();
  return document;
}

const textLength = (node: HtmlElement | null | undefined): number => collapse(node?.textContent ?? '').length;

/** Readability's article; null when it finds none or fails (the body is read instead). */
function readArticle(html: string): ReturnType<Readability['parse']> {
  try {
    // Readability takes the document apart, so it gets a parse of its own.
    return new Readability(parse(html) as never, { charThreshold: 200 }).parse();
  } catch {
    return null;
  }
}

/** The main content's HTML: Readability's article, or the whole body when that holds too little. */
function mainContent(html: string): string {
  const page = parse(html);
  const body = page.body ?? page.documentElement;
  const bodyLength = textLength(body);
  const article = readArticle(html);
  const articleLength = collapse(article?.textContent ?? '').length;
  if (!article?.content || articleLength < Math.min(200, bodyLength * 0.5)) return body?.innerHTML ?? '';
  const title = collapse(article.title ?? '');
  const content = article.content;
  // Readability lifts the headline out of the article when it repeats the page title; put it back when
  // the page shows it as a heading (the <title> alone is metadata, often with the site's name in it).
  const headings = [...page.querySelectorAll('h1, h2')].map((heading) => collapse(heading.textContent ?? ''));
  if (title !== '' && headings.includes(title) && !collapse(article.textContent ?? '').includes(title))
    return `<h1>${escapeHtml(title)}</h1>${content}`;
  return content;
}

export const reader: Reader = {
  formats: ['html'],
  read(bytes, format, options) {
    return new Promise((resolve) =>
      resolve(singleUnitResult(format, htmlToMarkdown(mainContent(decodeHtml(bytes))), options)),
    );
  },
};
