import { describe, expect, it } from 'vitest';
import { decodeHtml, metaCharset, reader } from '../../../../service/extract/readers/html';
import { DEFAULT_LIMITS, ReadFailure, type ReadOptions } from '../../../../service/extract/types';

const options = (extra: Partial<ReadOptions> = {}): ReadOptions => ({
  ocr: 'off',
  limits: DEFAULT_LIMITS,
  ...extra,
});
const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

async function markdownOf(bytes: Uint8Array): Promise<string> {
  const result = await reader.read(bytes, 'html', options());
  expect(result.units).toHaveLength(1);
  return result.units[0]?.markdown ?? '';
}

const ARTICLE_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Quarterly results</title>
<style>body { color: red } .secret-style { display: none }</style>
<script>window.trackingCode = "SCRIPT-CONTENT-XYZ"; fetch("https://evil.example/beacon");</script>
<link rel="stylesheet" href="https://evil.example/style.css">
</head><body>
<nav class="site-nav"><ul><li><a href="/">Home</a></li><li><a href="/markets">Markets NAVLINK</a></li>
<li><a href="/about">About us</a></li></ul></nav>
<div class="ad sponsored"><img src="https://ads.example/banner.png" alt="Buy now"> ADVERT-TEXT</div>
<main><article>
<h1>Quarterly results</h1>
<p>The company said revenue rose 12% to $1.2bn in the third quarter, driven by strong demand in Europe
and a recovery in its Asian markets after a difficult first half of the year for the whole sector.</p>
<p>Operating margin widened to 8.5% from 7.9% a year earlier, while net debt fell by $300m as the group
sold two non-core businesses and kept a tight grip on working capital throughout the period.</p>
<table>
<thead><tr><th>Quarter</th><th>Revenue ($m)</th><th>Margin</th></tr></thead>
<tbody>
<tr><td>Q1</td><td>1,050</td><td>7.1%</td></tr>
<tr><td>Q2</td><td>1,100</td><td>7.9%</td></tr>
<tr><td>Q3</td><td>1,200</td><td>8.5%</td></tr>
</tbody></table>
<p>Analysts had expected revenue of about $1.15bn, according to a poll of twelve brokers compiled by the
company, and the shares rose 4% in early trading on the news of the better than expected quarter.</p>
</article></main>
<footer>Copyright FOOTER-TEXT 2024 Example News</footer>
<script>document.write("LATE-SCRIPT")</script>
</body></html>`;

describe('html reader', () => {
  it('keeps the article text and its table, drops nav, ads, scripts, styles and footer', async () => {
    const progress: unknown[] = [];
    const result = await reader.read(
      utf8(ARTICLE_PAGE),
      'html',
      options({ onUnit: (event) => progress.push(event) }),
    );
    expect(result.format).toBe('html');
    expect(result.lost).toEqual([]);
    expect(result.units).toHaveLength(1);
    const [unit] = result.units;
    expect(unit).toMatchObject({ kind: 'page', index: 1, extraction_method: 'text_layer' });
    expect(unit).not.toHaveProperty('page');
    const markdown = unit?.markdown ?? '';
    expect(markdown).toContain('revenue rose 12% to $1.2bn');
    expect(markdown).toContain('Operating margin widened to 8.5% from 7.9%');
    expect(markdown).toContain(
      '| Quarter | Revenue ($m) | Margin |\n| --- | --- | --- |\n| Q1 | 1,050 | 7.1% |',
    );
    expect(markdown).toContain('| Q3 | 1,200 | 8.5% |');
    expect(markdown).toContain('Quarterly results');
    for (const noise of [
      'NAVLINK',
      'SCRIPT-CONTENT',
      'LATE-SCRIPT',
      'FOOTER-TEXT',
      'color: red',
      'evil.example',
    ])
      expect(markdown).not.toContain(noise);
    expect(markdown).not.toContain('banner.png');
    expect(progress).toEqual([{ kind: 'page', index: 1, total: 1 }]);
  });

  it('falls back to the body for a page too short for an article', async () => {
    const page =
      '<html><body><nav>Menu</nav><p>Net income: <b>$42m</b></p><ul><li>one</li></ul></body></html>';
    const markdown = await markdownOf(utf8(page));
    expect(markdown).toContain('Net income: **$42m**');
    expect(markdown).toContain('- one');
    expect(markdown).not.toContain('Menu');
  });

  it('honours <meta charset> for a Latin-1 page', async () => {
    const page =
      '<html><head><meta charset="iso-8859-1"></head><body><p>Caf\u00e9 sales \u00a3120m, up 5\u00b0</p></body></html>';
    const bytes = latin1(page);
    expect(metaCharset(bytes)).toBe('windows-1252');
    expect(await markdownOf(bytes)).toContain('Caf\u00e9 sales \u00a3120m, up 5\u00b0');
  });

  it('honours an http-equiv Content-Type charset, and a BOM over any meta tag', () => {
    const equiv = '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>\u20ac5</p>';
    expect(decodeHtml(new Uint8Array(Buffer.from(equiv.replace('\u20ac', '\x80'), 'latin1')))).toContain(
      '\u20ac5',
    );
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<meta charset="iso-8859-1"><p>\u00e9</p>')]);
    expect(decodeHtml(bom)).toContain('<p>\u00e9</p>');
  });

  it('reads a meta-declared UTF-8 page as UTF-8 and ignores unknown labels', () => {
    expect(decodeHtml(utf8('<meta charset="utf-8"><p>\u00e9</p>'))).toContain('\u00e9');
    expect(metaCharset(utf8('<meta charset="no-such-charset">'))).toBeNull();
    expect(metaCharset(utf8('<meta charset="utf-16">'))).toBe('utf-8');
  });

  it('escapes pipes in cells and pads ragged rows', async () => {
    const page = `<html><body><table><tr><th>a|b</th><th>c</th><th>d</th></tr>
      <tr><td colspan="2">wide<br>cell</td></tr></table></body></html>`;
    expect(await markdownOf(utf8(page))).toBe('| a\\|b | c | d |\n| --- | --- | --- |\n| wide cell |  |  |');
  });

  it('never fetches: images, frames and external scripts leave no trace and make no request', async () => {
    const page = `<html><body><img src="http://127.0.0.1:1/x.png"><iframe src="http://127.0.0.1:1/"></iframe>
      <script src="http://127.0.0.1:1/x.js"></script><p>Only text.</p></body></html>`;
    expect(await markdownOf(utf8(page))).toBe('Only text.');
  });

  it('returns no units for a page without text', async () => {
    const result = await reader.read(
      utf8('<html><body><script>x()</script> </body></html>'),
      'html',
      options(),
    );
    expect(result.units).toEqual([]);
  });

  it('enforces the text ceiling', async () => {
    const limits = { ...DEFAULT_LIMITS, maxTextChars: 50 };
    const error = await reader.read(utf8(ARTICLE_PAGE), 'html', options({ limits })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadFailure);
    expect(error).toMatchObject({ code: 'source_too_large', format: 'html' });
  });
});

describe('html reader: pages without the usual skeleton', () => {
  it('reads a fragment, a page without <body> and a page without <html>', async () => {
    expect(await markdownOf(utf8('<ol start="3"><li>a<ul><li>b</li></ul></li><li>c</li></ol>'))).toBe(
      '3. a\n   - b\n4. c',
    );
    const noBody = '<!doctype html><title>T</title><p>Profit fell -5% to 1. place</p>';
    expect(await markdownOf(utf8(noBody))).toContain('Profit fell -5% to 1. place');
    expect(await markdownOf(utf8('<html><p>x</p></html>'))).toBe('x');
    expect(await markdownOf(utf8('<head><title>t</title></head><p>y</p>'))).toBe('y');
    expect(await markdownOf(utf8('plain words only'))).toBe('plain words only');
  });

  it('keeps a leading minus sign on a number as written', async () => {
    expect(await markdownOf(utf8('<table><tr><th>Change</th></tr><tr><td>-2.1%</td></tr></table>'))).toBe(
      '| Change |\n| --- |\n| -2.1% |',
    );
  });
});
