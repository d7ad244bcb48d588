import { describe, expect, it } from 'vitest';
import {
  EXTRACTION_CODES,
  EXTRACTION_METHODS,
  EXTRACTION_STATES,
  ExtractionResponse,
  ExtractionUnit,
  ExtractRequest,
  LostPart,
  Sheet,
} from '../../../shared/api';

describe('ExtractRequest', () => {
  it('accepts asset_id alone and asset_url alone', () => {
    expect(ExtractRequest.parse({ asset_id: 'a_1' })).toEqual({ asset_id: 'a_1' });
    expect(ExtractRequest.parse({ asset_url: 'https://example.org/report.pdf' })).toEqual({
      asset_url: 'https://example.org/report.pdf',
    });
    expect(ExtractRequest.safeParse({ asset_url: 'evidence://a_1' }).success).toBe(true);
  });

  it('refuses neither, with the spec’s message', () => {
    const result = ExtractRequest.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['one of asset_id or asset_url is required']);
  });

  it('refuses both, with its own message', () => {
    const result = ExtractRequest.safeParse({ asset_id: 'a_1', asset_url: 'https://example.org/a.pdf' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['give asset_id or asset_url, not both']);
  });

  it('refuses a non-URL, a non-string, null, an empty id and unknown members', () => {
    expect(ExtractRequest.safeParse({ asset_url: 'not a url' }).success).toBe(false);
    expect(ExtractRequest.safeParse({ asset_url: 42 }).success).toBe(false);
    expect(ExtractRequest.safeParse({ asset_id: null }).success).toBe(false);
    expect(ExtractRequest.safeParse({ asset_id: '' }).success).toBe(false);
    const extra = ExtractRequest.safeParse({ asset_id: 'a_1', format: 'pdf' });
    expect(extra.success).toBe(false);
    expect(extra.error?.issues[0]?.code).toBe('unrecognized_keys');
    expect(ExtractRequest.safeParse(null).success).toBe(false);
  });
});

const complete = {
  format: 'pdf',
  markdown: '# Report',
  extraction_method: 'text_layer',
  state: 'complete',
  reason: null,
  code: null,
};
const partial = {
  ...complete,
  extraction_method: 'spreadsheet_cells',
  format: 'xlsx',
  state: 'partial',
  reason: 'sheet 2 could not be read',
  code: 'partial_extraction',
  complete: false,
  lost: [
    {
      kind: 'sheet',
      index: 2,
      sheet: 'Q3',
      state: 'unreadable',
      reason: 'bad zip entry',
      code: 'source_corrupt',
    },
  ],
};
const unsupported = {
  ...complete,
  format: 'dwg',
  markdown: '',
  extraction_method: 'none',
  state: 'unsupported',
  reason: 'no reader for dwg',
  code: 'unsupported_format',
};
const error = {
  ...complete,
  markdown: '',
  extraction_method: 'none',
  state: 'error',
  reason: 'pdf parser crashed',
  code: 'extraction_error',
};

/** The paths of the issues a parse of `body` reports, or [] when it parses. */
function issuePaths(body: unknown): string[] {
  const result = ExtractionResponse.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
}

describe('ExtractionResponse state rules', () => {
  it.each([
    ['complete', complete],
    ['partial', partial],
    ['unsupported', unsupported],
    ['error', error],
    ['error with complete: false', { ...error, complete: false }],
  ])('accepts a consistent %s reply', (_name, body) => {
    expect(issuePaths(body)).toEqual([]);
  });

  it.each([
    ['complete with a reason', { ...complete, reason: 'x' }, 'reason'],
    ['complete with a code', { ...complete, code: 'empty_source' }, 'code'],
    ['complete with complete: false', { ...complete, complete: false }, 'complete'],
    ['complete with lost', { ...complete, lost: [] }, 'lost'],
    ['partial without complete', { ...partial, complete: undefined }, 'complete'],
    ['partial with empty lost', { ...partial, lost: [] }, 'lost'],
    ['partial without lost', { ...partial, lost: undefined }, 'lost'],
    ['partial without a code', { ...partial, code: null }, 'code'],
    ['unsupported with another code', { ...unsupported, code: 'source_corrupt' }, 'code'],
    ['unsupported without a code', { ...unsupported, code: null }, 'code'],
    ['error without a code', { ...error, code: null }, 'code'],
  ])('rejects %s', (_name, body, path) => {
    expect(issuePaths(body)).toEqual([path]);
  });

  it('rejects complete: true (the member is only ever false)', () => {
    expect(issuePaths({ ...partial, complete: true })).toEqual(['complete']);
  });

  it('requires every required member, reason and code included, and allows no undefined for them', () => {
    for (const key of ['format', 'markdown', 'extraction_method', 'state', 'reason', 'code']) {
      const body: Record<string, unknown> = { ...complete };
      delete body[key];
      expect(ExtractionResponse.safeParse(body).success, key).toBe(false);
    }
  });

  it('rejects values outside the enums', () => {
    expect(issuePaths({ ...complete, state: 'done' })).toEqual(['state']);
    expect(issuePaths({ ...complete, extraction_method: 'vision' })).toEqual(['extraction_method']);
    expect(issuePaths({ ...error, code: 'timeout' })).toEqual(['code']);
  });

  it('exports the vocabularies as const arrays', () => {
    expect(EXTRACTION_STATES).toEqual(['complete', 'partial', 'unsupported', 'error']);
    expect(EXTRACTION_METHODS).toEqual(['text_layer', 'ocr', 'spreadsheet_cells', 'none']);
    expect(EXTRACTION_CODES).toHaveLength(8);
    for (const code of EXTRACTION_CODES) expect(issuePaths({ ...error, code })).toEqual([]);
  });

  it('strips unknown members', () => {
    const parsed = ExtractionResponse.parse({ ...complete, pages: 3 });
    expect(parsed).not.toHaveProperty('pages');
  });
});

describe('LostPart', () => {
  const lost = { kind: 'page', index: 1, state: 'error', reason: null, code: null };
  it.each([
    [0, false],
    [1, true],
    [1.5, false],
  ])('index %d: accepted=%s', (index, accepted) => {
    expect(LostPart.safeParse({ ...lost, index }).success).toBe(accepted);
  });

  it('requires reason and code (nullable), checks state and kind, names a sheet only for sheets', () => {
    expect(LostPart.safeParse({ ...lost, reason: undefined }).success).toBe(false);
    expect(LostPart.safeParse({ ...lost, code: undefined }).success).toBe(false);
    expect(LostPart.safeParse({ ...lost, state: 'complete' }).success).toBe(false);
    expect(LostPart.safeParse({ ...lost, kind: 'slide' }).success).toBe(false);
    expect(LostPart.safeParse({ ...lost, sheet: 'Q3' }).success).toBe(false);
    expect(LostPart.safeParse({ ...lost, kind: 'sheet', sheet: 'Q3' }).success).toBe(true);
  });
});

describe('units and sheets', () => {
  const sheet = {
    name: 'Revenue',
    merges: ['A1:C1'],
    cells: [
      { ref: 'A1', value: 'Revenue by quarter', text: 'Revenue by quarter', merged_range: 'A1:C1' },
      { ref: 'B7', value: 1200, text: '1,200' },
      { ref: 'C7', value: null, text: '' },
      { ref: 'D7', value: true, text: 'TRUE' },
    ],
  };
  const sheetUnit = {
    kind: 'sheet',
    index: 1,
    extraction_method: 'spreadsheet_cells',
    markdown: '|a|',
    sheet,
  };

  it('accepts a sheet unit and a page unit', () => {
    expect(ExtractionUnit.safeParse(sheetUnit).success).toBe(true);
    const page = {
      kind: 'page',
      index: 1,
      extraction_method: 'ocr',
      markdown: 'x',
      page: { width: 612, height: 792 },
    };
    expect(ExtractionUnit.safeParse(page).success).toBe(true);
    expect(ExtractionResponse.safeParse({ ...complete, units: [page], sheets: [] }).success).toBe(true);
  });

  it('requires a sheet object on a sheet unit and refuses one on a page unit', () => {
    expect(ExtractionUnit.safeParse({ ...sheetUnit, sheet: undefined }).success).toBe(false);
    expect(ExtractionUnit.safeParse({ ...sheetUnit, kind: 'page' }).success).toBe(false);
  });

  it('checks A1 references and that a merged_range is one of the merges', () => {
    expect(Sheet.safeParse({ ...sheet, merges: ['A1-C1'] }).success).toBe(false);
    expect(Sheet.safeParse({ ...sheet, cells: [{ ref: 'b7', value: 1, text: '1' }] }).success).toBe(false);
    const stray = Sheet.safeParse({
      ...sheet,
      cells: [{ ref: 'A2', value: 1, text: '1', merged_range: 'A2:B2' }],
    });
    expect(stray.success).toBe(false);
    expect(stray.error?.issues[0]?.path).toEqual(['cells', 0, 'merged_range']);
    expect(Sheet.safeParse({ ...sheet, cells: [{ ref: 'A2', value: { a: 1 }, text: '' }] }).success).toBe(
      false,
    );
  });

  it('rejects a unit with index 0 or without its extraction_method', () => {
    expect(ExtractionUnit.safeParse({ ...sheetUnit, index: 0 }).success).toBe(false);
    expect(ExtractionUnit.safeParse({ ...sheetUnit, extraction_method: undefined }).success).toBe(false);
  });
});
