import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach } from 'vitest';
import type { ClaimCandidate, NumericResponse, OperandReference, Representation } from '../../../shared/api';
import type { Case, LibraryEntry } from '../../../shared/bridge';
import type { WorkbenchTransport } from '../../../renderer/src/bridge';
import { useWorkbenchUi, type PickedOperand } from '../../../renderer/src/ui-store';

// Shared by the check and cases component tests: a stand-in bridge behind `window.workbench` (so every
// reply still passes the contract's schemas), a fresh query client and UI store per test, and the
// figures, responses and cases the tests use.

export type Handler = (input: unknown) => unknown;
export interface BridgeCall {
  channel: string;
  input: unknown;
}

export const bridgeStub: { handlers: Record<string, Handler>; calls: BridgeCall[] } = {
  handlers: {},
  calls: [],
};

/** A failure as the main process sends it: `{ ok: false, error: { code, message } }`. */
export class BridgeRefusal {
  constructor(
    readonly code: string,
    readonly message: string,
    /** The service's own code and the fields it named, as the bridge carries them. */
    readonly service: { serviceCode?: string; fields?: string[] } = {},
  ) {}
}

const transport: WorkbenchTransport = {
  async invoke(channel, input) {
    bridgeStub.calls.push({ channel, input });
    const handler = bridgeStub.handlers[channel];
    if (!handler) return { ok: false, error: { code: 'unknown_channel', message: `no stub for ${channel}` } };
    try {
      return { ok: true, value: await handler(input) };
    } catch (error) {
      if (error instanceof BridgeRefusal)
        return { ok: false, error: { code: error.code, message: error.message, ...error.service } };
      throw error;
    }
  },
  on: () => () => {},
  upload: () => Promise.reject(new Error('not used here')),
  sourceContent: (id) => ({ url: `test://${id}`, httpHeaders: {} }),
};

const initialUi = useWorkbenchUi.getState();

/** Installs the stand-in bridge and resets the store before each test; unmounts after. */
export function useComponentTestSetup(): void {
  beforeEach(() => {
    window.workbench = transport;
    bridgeStub.handlers = {};
    bridgeStub.calls = [];
    useWorkbenchUi.setState(initialUi, true);
  });
  afterEach(() => cleanup());
}

export function renderWithQueries(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

export const CASE_ID = 'case_0123456789abcdef';
export const OTHER_CASE_ID = 'case_fedcba9876543210';

export const REF_A: OperandReference = {
  source_version_id: 'sv_report2023',
  representation_id: 'rep_report2023',
  source_unit_id: 'unit_p3',
  figure_index: 0,
};
export const REF_B: OperandReference = {
  source_version_id: 'sv_sheet2024',
  representation_id: 'rep_sheet2024',
  source_unit_id: 'unit_s1',
  figure_index: 2,
};

/** A candidate for a claim about Texas in November 2015: one figure of `REF_B`'s sheet (cell C2). */
export function texasCandidate(
  raw: string,
  value: number,
  extra: Partial<Omit<ClaimCandidate, 'figures'>> & { figureIndex?: number } = {},
): ClaimCandidate {
  const { figureIndex, ...rest } = extra;
  return {
    rank: 1,
    score: 0.9,
    relation: 'level',
    figures: [
      {
        ref: figureIndex === undefined ? REF_B : { ...REF_B, figure_index: figureIndex },
        role: 'value',
        raw,
        value,
        unit: null,
        row_labels: ['Texas'],
        column_headers: ['November 2015'],
        table_title: 'Handgun checks',
        period: '2015-11',
        cell: { table: null, ref: 'C2', row: 1, col: 2 },
      },
    ],
    roles: 'not_needed',
    computed: value,
    matched: { words: ['texas'], periods: ['2015-11'] },
    near: null,
    ...rest,
  };
}

export const PICKED_A: PickedOperand = {
  ref: REF_A,
  figure: {
    index: 0,
    raw: '$1,000m',
    value: 1e9,
    magnitude: 1000,
    sign: 1,
    scale: 1e6,
    unit: 'USD',
    unitClass: 'currency',
    accounting: false,
    ambiguous: false,
    span: { start: 10, end: 17 },
    position: { kind: 'box', x: 10, y: 20, width: 40, height: 10 },
  },
  sourceTitle: 'Annual report 2023',
  unitKind: 'page',
  unitIndex: 3,
  sheetName: null,
  extractionMethod: 'text_layer',
  labels: { row: 'Revenue', column: null, period: null },
};

export const PICKED_B: PickedOperand = {
  ref: REF_B,
  figure: {
    index: 2,
    raw: '1,120',
    value: 1.12e9,
    magnitude: 1120,
    sign: 1,
    scale: 1e6,
    unit: 'USD',
    unitClass: 'currency',
    accounting: false,
    ambiguous: false,
    span: { start: 4, end: 9 },
    position: { kind: 'cell', ref: 'C7' },
  },
  sourceTitle: 'Results 2024.xlsx',
  unitKind: 'sheet',
  unitIndex: 1,
  sheetName: 'Revenue',
  extractionMethod: 'spreadsheet_cells',
  labels: { row: 'Revenue', column: '2024', period: '2024' },
};

const echo = (picked: PickedOperand) => {
  const { ambiguous: _a, span: _s, position: _p, ...figure } = picked.figure;
  return {
    binding: 'retained_source_slice' as const,
    source: {
      source_version_id: picked.ref.source_version_id,
      representation_id: picked.ref.representation_id,
      source_unit_id: picked.ref.source_unit_id,
    },
    figure,
  };
};

export const LIMITATION =
  'Arithmetic only: this checks the computation over the selected figures. It does not certify that the ' +
  "right figures were selected, nor the claim's full meaning.";

const facet = (name: 'unit' | 'scale' | 'entity' | 'period' | 'basis', passed: boolean) => ({
  facet: name,
  decidedBy: 'code' as const,
  passed,
  p: passed ? 1 : 0,
});

/** Revenue rose 12%: (1,120 - 1,000) / 1,000 = 12.0%, every facet passed. */
export const SUPPORTED: NumericResponse = {
  outcome: 'supported',
  arithmetic: {
    verdict: 'holds',
    computed: 12,
    tolerance: 0.5,
    reason: '(1,120 − 1,000) / 1,000 × 100 = 12.0%; claim says 12% (±0.5%): holds. The claim holds exactly.',
    holds_only_by_rounding: false,
  },
  comparability: {
    verdict: 'comparable',
    facets: [
      facet('unit', true),
      facet('scale', true),
      facet('entity', true),
      facet('period', true),
      facet('basis', true),
    ],
    reason: 'unit: passed; scale: passed; entity: passed; period: passed; basis: passed.',
  },
  reason: 'The arithmetic holds and every comparability facet passed.',
  scope: 'arithmetic_only',
  limitation: LIMITATION,
  operands: [echo(PICKED_A), echo(PICKED_B)],
};

export const CONTRADICTED: NumericResponse = {
  ...SUPPORTED,
  outcome: 'contradicted',
  arithmetic: {
    verdict: 'fails',
    computed: 12,
    tolerance: 0.5,
    reason: '(1,120 − 1,000) / 1,000 × 100 = 12.0%; claim says 20% (±0.5%): fails.',
    holds_only_by_rounding: false,
  },
  reason: 'The arithmetic fails and every comparability facet passed.',
};

export const ESCALATE: NumericResponse = {
  ...SUPPORTED,
  outcome: 'escalate',
  comparability: {
    verdict: 'unknown',
    facets: [
      facet('unit', true),
      facet('scale', true),
      { facet: 'period', decidedBy: 'judge', passed: null, p: null },
      { facet: 'entity', decidedBy: 'judge', passed: null, p: null },
      facet('basis', true),
    ],
    reason: 'period: left to a judge; entity: left to a judge.',
  },
  reason:
    'The arithmetic holds, but comparability is unknown (left to a judge: entity, period); left to a person.',
};

export const NOT_APPLICABLE: NumericResponse = {
  outcome: 'not_applicable',
  arithmetic: null,
  comparability: null,
  reason: 'No checkable numeric relation was found in the claim; nothing was computed.',
  scope: 'arithmetic_only',
  limitation: LIMITATION,
  operands: [echo(PICKED_A)],
};

export function checkedCase(check: NumericResponse | null, overrides: Partial<Case> = {}): Case {
  return {
    id: CASE_ID,
    title: 'Revenue rose 12% in 2024',
    claim: 'Revenue rose 12% in 2024',
    operands: [REF_A, REF_B],
    check,
    judgments: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:05:00.000Z',
    ...overrides,
  };
}

/** A representation holding the picked figure of `picked` in its unit. */
export function representationOf(picked: PickedOperand): Representation {
  const sheet = picked.unitKind === 'sheet';
  return {
    representation_id: picked.ref.representation_id,
    source_version_id: picked.ref.source_version_id,
    format: sheet ? 'xlsx' : 'pdf',
    state: 'complete',
    code: null,
    reason: null,
    extraction_method: picked.extractionMethod as Representation['extraction_method'],
    units: [
      {
        source_unit_id: picked.ref.source_unit_id,
        kind: picked.unitKind,
        index: picked.unitIndex,
        extraction_method: picked.extractionMethod as Representation['extraction_method'],
        markdown: 'x'.repeat(40),
        ...(sheet
          ? { sheet: { name: picked.sheetName ?? 'Sheet1', merges: [], cells: [] } }
          : { page: { width: 612, height: 792 } }),
        figures: [picked.figure],
      },
    ],
  } as Representation;
}

export function libraryEntryOf(picked: PickedOperand, title: string): LibraryEntry {
  return {
    sourceVersionId: picked.ref.source_version_id,
    assetId: `asset_${picked.ref.source_version_id}`,
    title,
    filename: `${title}.bin`,
    mediaType: 'application/octet-stream',
    byteLength: 1234,
    sha256: 'a'.repeat(64),
    url: null,
    addedAt: '2026-11-19T09:00:00.000Z',
    reading: null,
  };
}
