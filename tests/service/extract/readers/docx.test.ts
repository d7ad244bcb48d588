import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extract } from '../../../../service/extract/extract';
import { reader } from '../../../../service/extract/readers/docx';
import { sniffFormat } from '../../../../service/extract/sniff';
import { DEFAULT_LIMITS, type ReadOptions } from '../../../../service/extract/types';
import { buildDocx, documentXml, entityBombDocx, paragraph, sampleDocx, table } from '../fixtures/docx';
import { lyingZip, zeroStream } from '../fixtures/xlsx';
import { readOptions, readFailure } from './helpers';

const options = (extra: Partial<ReadOptions> = {}): ReadOptions => readOptions(extra);

const failure = readFailure;

describe('docx reader', () => {
  it('reads headings, paragraphs and tables as markdown in one page unit', async () => {
    const progress: unknown[] = [];
    const result = await reader.read(
      sampleDocx(),
      'docx',
      options({ onUnit: (event) => progress.push(event) }),
    );
    expect(result.format).toBe('docx');
    expect(result.lost).toEqual([]);
    expect(result.units).toHaveLength(1);
    const [unit] = result.units;
    expect(unit).toMatchObject({ kind: 'page', index: 1, extraction_method: 'text_layer' });
    expect(unit).not.toHaveProperty('page');
    expect(unit).not.toHaveProperty('runs');
    const markdown = unit?.markdown ?? '';
    expect(markdown).toContain('# Annual results');
    expect(markdown).toContain('Revenue rose 12% to $1.2bn');
    expect(markdown).toContain(
      [
        '| Year | Revenue | Margin |',
        '| --- | --- | --- |',
        '| 2023 | 1,070 | 8.5% |',
        '| 2024 | 1,200 | -2.1% |',
      ].join('\n'),
    );
    expect(markdown.indexOf('Outlook unchanged.')).toBeGreaterThan(markdown.indexOf('| 2024'));
    expect(progress).toEqual([{ kind: 'page', index: 1, total: 1 }]);
  });

  it('keeps a cell with pipes and several paragraphs on one table line', async () => {
    const cell = `<w:tc>${paragraph('a | b')}${paragraph('second line')}</w:tc>`;
    const body = `${table([['H1', 'H2']]).replace('</w:tbl>', '')}<w:tr>${cell}<w:tc>${paragraph('7')}</w:tc></w:tr></w:tbl>`;
    const result = await reader.read(buildDocx(documentXml(body)), 'docx', options());
    expect(result.units[0]?.markdown).toBe('| H1 | H2 |\n| --- | --- |\n| a \\| b second line | 7 |');
  });

  it('refuses a DTD (entity bomb) before the XML parser sees it', async () => {
    const error = await failure(reader.read(entityBombDocx(), 'docx', options()));
    expect(error.code).toBe('source_corrupt');
    expect(error.reason).toContain('XML with a DTD is refused');
    expect(error.format).toBe('docx');
  });

  it('refuses a DTD in any other XML part too', async () => {
    const styles = '<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd"><w:styles/>';
    const docx = buildDocx(documentXml(paragraph('hello')), { 'word/styles.xml': styles });
    const error = await failure(reader.read(docx, 'docx', options()));
    expect(error.code).toBe('source_corrupt');
    expect(error.reason).toContain('word/styles.xml');
  });

  it('calls a broken zip source_corrupt', async () => {
    const bytes = sampleDocx();
    const broken = bytes.slice(0, Math.floor(bytes.length / 2));
    const error = await failure(reader.read(broken, 'docx', options()));
    expect(error.code).toBe('source_corrupt');
    const garbage = new Uint8Array([0x50, 0x4b, 3, 4, ...new Array<number>(200).fill(7)]);
    expect((await failure(reader.read(garbage, 'docx', options()))).code).toBe('source_corrupt');
  });

  it('stops a zip bomb whose directory lies about its sizes before mammoth sees it', async () => {
    // The sample's parts, with word/document.xml replaced by 64 MiB of zeros declared as 1000 bytes.
    const parts = unzipSync(sampleDocx());
    const bomb = lyingZip(
      Object.entries(parts).map(([name, data]) =>
        name === 'word/document.xml'
          ? { name, deflated: zeroStream(64), declaredSize: 1000 }
          : { name, data },
      ),
    );
    const limits = { ...DEFAULT_LIMITS, maxUncompressedBytes: 8 * 1024 * 1024 };
    // The declared sizes pass the directory checks: only the capped inflate stops it.
    expect(sniffFormat(bomb, { filename: 'bomb.docx' }, limits)).toBe('docx');
    const error = await failure(reader.read(bomb, 'docx', options({ limits })));
    expect(error.code).toBe('source_too_large');
    expect(error.reason).toMatch(/^uncompressed size in bytes: observed at least \d+ \(limit 8388608\)$/);
    expect(error.format).toBe('docx');
    const result = await extract(bomb, { filename: 'bomb.docx' }, { limits });
    expect(result).toMatchObject({ format: 'docx', state: 'error', code: 'source_too_large', markdown: '' });
  });

  it('calls a zip without word/document.xml source_corrupt', async () => {
    const zip = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'other.xml': strToU8('<x/>') });
    const error = await failure(reader.read(zip, 'docx', options()));
    expect(error.code).toBe('source_corrupt');
    expect(error.reason).toContain('word/document.xml');
  });

  it('calls an unparseable document part source_corrupt', async () => {
    const docx = buildDocx('this is not xml <w:document');
    expect((await failure(reader.read(docx, 'docx', options()))).code).toBe('source_corrupt');
  });

  it('returns no units for a document without text', async () => {
    const result = await reader.read(buildDocx(documentXml('<w:p/>')), 'docx', options());
    expect(result.units).toEqual([]);
    expect(result.lost).toEqual([]);
  });

  it('enforces the text ceiling', async () => {
    const limits = { ...DEFAULT_LIMITS, maxTextChars: 20 };
    const error = await failure(reader.read(sampleDocx(), 'docx', options({ limits })));
    expect(error.code).toBe('source_too_large');
    expect(error.reason).toMatch(/^text: observed \d+ characters \(limit 20\)$/);
  });
});
