import { describe, expect, it } from 'vitest';
import { ExtractionResponse } from '../../../shared/api';
import { dominantMethod, settle, type Extraction } from '../../../service/extract/extract';
import type { LostUnit, ReadUnit } from '../../../service/extract/types';

// The spec's state rules applied to what a reader read: an error or partial read never comes out as an
// empty successful document.

const page = (
  index: number,
  markdown: string,
  method: ReadUnit['extraction_method'] = 'text_layer',
): ReadUnit => ({
  kind: 'page',
  index,
  extraction_method: method,
  markdown,
});
const lostPage = (index: number, code: LostUnit['code'] = 'ocr_unavailable'): LostUnit => ({
  kind: 'page',
  index,
  state: 'unreadable',
  reason: 'no text layer and OCR is off',
  code,
});

/** Every settled result must pass the shared schema's state rules. */
function valid(extraction: Extraction): Extraction {
  const { units, ...rest } = extraction;
  ExtractionResponse.parse({ ...rest, units: units.map(({ figures: _f, runs: _r, cells: _c, ...u }) => u) });
  return extraction;
}

describe('settle', () => {
  it('every unit read: complete, reason and code null, no complete or lost member', () => {
    const result = valid(settle({ format: 'pdf', units: [page(1, 'a'), page(2, 'b')], lost: [] }));
    expect(result).toMatchObject({
      state: 'complete',
      code: null,
      reason: null,
      extraction_method: 'text_layer',
    });
    expect('complete' in result).toBe(false);
    expect('lost' in result).toBe(false);
    expect(result.markdown).toBe('a\n\nb');
  });

  it('some units lost: partial, complete false, lost listed, partial_extraction', () => {
    const result = valid(
      settle({ format: 'pdf', units: [page(1, 'text'), page(3, 'more')], lost: [lostPage(2)] }),
    );
    expect(result).toMatchObject({ state: 'partial', code: 'partial_extraction', complete: false });
    expect(result.lost).toEqual([lostPage(2)]);
    expect(result.reason).toContain('2 of 3');
    expect(result.reason).toContain('page 2 (ocr_unavailable)');
  });

  it('a lost sheet keeps its name and its own code', () => {
    const result = valid(
      settle({
        format: 'xlsx',
        units: [
          {
            kind: 'sheet',
            index: 1,
            extraction_method: 'spreadsheet_cells',
            markdown: 'a,b',
            sheet: { name: 'Good', merges: [], cells: [] },
          },
        ],
        lost: [
          {
            kind: 'sheet',
            index: 2,
            sheet: 'Broken',
            state: 'unreadable',
            reason: 'bad xml',
            code: 'source_corrupt',
          },
        ],
        sheets: ['Good', 'Broken'],
      }),
    );
    expect(result.state).toBe('partial');
    expect(result.lost?.[0]).toMatchObject({ sheet: 'Broken', code: 'source_corrupt' });
    expect(result.sheets).toEqual(['Good', 'Broken']);
  });

  it('everything lost with one code: error with that code; mixed codes: extraction_error', () => {
    expect(valid(settle({ format: 'pdf', units: [], lost: [lostPage(1), lostPage(2)] }))).toMatchObject({
      state: 'error',
      code: 'ocr_unavailable',
      extraction_method: 'none',
      markdown: '',
    });
    expect(
      valid(settle({ format: 'pdf', units: [], lost: [lostPage(1), lostPage(2, 'source_corrupt')] })).code,
    ).toBe('extraction_error');
  });

  it('nothing read at all, or only blank units: error empty_source, never complete', () => {
    expect(valid(settle({ format: 'text', units: [], lost: [] }))).toMatchObject({
      state: 'error',
      code: 'empty_source',
    });
    const blank = valid(settle({ format: 'pdf', units: [page(1, '  '), page(2, '\n')], lost: [] }));
    expect(blank).toMatchObject({ state: 'error', code: 'empty_source', extraction_method: 'none' });
  });
});

describe('dominantMethod', () => {
  it('counts readable units only; ties go to ocr', () => {
    expect(dominantMethod([page(1, 'a'), page(2, 'b'), page(3, 'c', 'ocr')])).toBe('text_layer');
    expect(dominantMethod([page(1, 'a'), page(2, 'c', 'ocr')])).toBe('ocr');
    expect(dominantMethod([page(1, ' '), page(2, 'c', 'ocr')])).toBe('ocr');
    expect(dominantMethod([page(1, '')])).toBe('none');
  });
});
