import { describe, expect, it } from 'vitest';
import { reader } from '../../../../service/extract/readers/text';
import { DEFAULT_LIMITS, ReadFailure, type ReadOptions } from '../../../../service/extract/types';

const options = (extra: Partial<ReadOptions> = {}): ReadOptions => ({
  ocr: 'off',
  limits: DEFAULT_LIMITS,
  ...extra,
});
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('text and markdown reader', () => {
  it('keeps markdown exactly as written, in one page unit', async () => {
    const markdown = '# Results\n\nRevenue rose **12%** to $1.2bn.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n';
    const progress: unknown[] = [];
    const result = await reader.read(
      utf8(markdown),
      'markdown',
      options({ onUnit: (e) => progress.push(e) }),
    );
    expect(result).toEqual({
      format: 'markdown',
      units: [{ kind: 'page', index: 1, extraction_method: 'text_layer', markdown }],
      lost: [],
    });
    expect(progress).toEqual([{ kind: 'page', index: 1, total: 1 }]);
  });

  it('does not escape plain text', async () => {
    const text = 'Net *adjusted* income_total: -5.2% [est.]\n# not a heading\n1. fell\n';
    const result = await reader.read(utf8(text), 'text', options());
    expect(result.format).toBe('text');
    expect(result.units[0]?.markdown).toBe(text);
  });

  it('decodes UTF-16 LE and BE with a BOM, and normalises line endings', async () => {
    const text = 'Caf\u00e9 \u20ac1.2bn\r\nline two\r\n';
    const le = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    const be = new Uint8Array([0xfe, 0xff, ...Buffer.from(text, 'utf16le').swap16()]);
    for (const bytes of [le, be]) {
      const result = await reader.read(bytes, 'text', options());
      expect(result.units[0]?.markdown).toBe('Caf\u00e9 \u20ac1.2bn\nline two\n');
    }
  });

  it('reads bytes that are not UTF-8 as windows-1252', async () => {
    const bytes = new Uint8Array(Buffer.from('\x80 100 \xa3 5\xb0', 'latin1'));
    const result = await reader.read(bytes, 'text', options());
    expect(result.units[0]?.markdown).toBe('\u20ac 100 \u00a3 5\u00b0');
  });

  it('returns no units for whitespace only', async () => {
    const result = await reader.read(utf8(' \n\t\n  '), 'text', options());
    expect(result).toEqual({ format: 'text', units: [], lost: [] });
    expect((await reader.read(new Uint8Array([0xef, 0xbb, 0xbf]), 'markdown', options())).units).toEqual([]);
  });

  it('enforces the text ceiling with the observed value and the limit', async () => {
    const limits = { ...DEFAULT_LIMITS, maxTextChars: 10 };
    const error = await reader
      .read(utf8('x'.repeat(11)), 'text', options({ limits }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadFailure);
    expect(error).toMatchObject({
      code: 'source_too_large',
      reason: 'text: observed 11 characters (limit 10)',
      format: 'text',
    });
    const ok = await reader.read(utf8('x'.repeat(10)), 'text', options({ limits }));
    expect(ok.units).toHaveLength(1);
  });
});
