import type { Case } from '../../../../shared/bridge';
import type { Representation, UploadResponse } from '../../../../shared/api';
import { buildPdf } from '../../../service/extract/fixtures/pdf';

// A small library and a case built through the bridge for the report tests (the suite makes its own
// documents): a two-page revenue PDF and a revenue CSV, one kept check over the PDF's figures, the claim
// being worked on checked over the CSV's cells with the person's judgment, and a citation from a search.

export type Invoke = (channel: string, input: unknown) => Promise<unknown>;

export async function value<T>(reply: Promise<unknown>): Promise<T> {
  const r = (await reply) as { ok: boolean; value?: T; error?: unknown };
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
}

export async function failure(reply: Promise<unknown>): Promise<{ code: string; message: string }> {
  const r = (await reply) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value).slice(0, 200)}`);
  return r.error!;
}

export function revenuePdf(): Uint8Array {
  return buildPdf([
    {
      width: 612,
      height: 792,
      texts: [{ x: 72, y: 720, size: 18, text: 'Annual report 2023' }],
    },
    {
      width: 612,
      height: 792,
      texts: [
        { x: 72, y: 720, size: 12, text: 'Revenue was $1,000 million in 2022 and $1,120 million in 2023.' },
        { x: 72, y: 690, size: 12, text: 'Staff numbered 4,200.' },
      ],
    },
  ]);
}

export const REVENUE_CSV = 'Item,2022,2023\nRevenue,"1,000","1,120"\nCosts,850,910\n';

const base64 = (bytes: Uint8Array | string) =>
  (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes)).toString('base64');

export interface Upload {
  sourceVersionId: string;
  representation: Representation;
}

export async function upload(
  invoke: Invoke,
  filename: string,
  bytes: Uint8Array | string,
  title: string,
): Promise<Upload> {
  const up = await value<UploadResponse>(
    invoke('library.upload', { filename, dataBase64: base64(bytes), title }),
  );
  const sourceVersionId = up.source_version_id!;
  const representation = await value<Representation>(invoke('documents.publish', { sourceVersionId }));
  return { sourceVersionId, representation };
}

/** The operand of the figure `raw` (the `nth` one) on the 1-based unit `unitIndex`. */
export function operand(u: Upload, unitIndex: number, match: (raw: string) => boolean, nth = 0) {
  const unit = u.representation.units.find((x) => x.index === unitIndex)!;
  const figure = unit.figures.filter((f) => match(f.raw))[nth];
  if (!figure)
    throw new Error(`no such figure on unit ${unitIndex}: ${unit.figures.map((f) => f.raw).join(' ')}`);
  return {
    source_version_id: u.sourceVersionId,
    representation_id: u.representation.representation_id,
    source_unit_id: unit.source_unit_id,
    figure_index: figure.index,
  };
}

export interface Seeded {
  pdf: Upload;
  csv: Upload;
  caseId: string;
}

/** The case of the report tests, built through the bridge. */
export async function seedCase(invoke: Invoke, title = 'Revenue claims'): Promise<Seeded> {
  const pdf = await upload(invoke, 'annual-report-2023.pdf', revenuePdf(), 'Annual report 2023');
  const csv = await upload(invoke, 'revenue.csv', REVENUE_CSV, 'Revenue table');
  const created = await value<Case>(
    invoke('cases.save', {
      title,
      claim: 'Revenue rose 12% from 2022 to 2023',
      operands: [operand(pdf, 2, (r) => r.includes('1,000')), operand(pdf, 2, (r) => r.includes('1,120'))],
      notes: 'Checked against the annual report and the table.',
    }),
  );
  const caseId = created.id;
  await value<Case>(invoke('cases.check', { id: caseId }));
  await value<Case>(invoke('cases.keepCheck', { id: caseId }));
  await value<Case>(
    invoke('cases.save', {
      id: caseId,
      title,
      claim: 'Costs rose 7% from 2022 to 2023',
      operands: [operand(csv, 1, (r) => r === '850'), operand(csv, 1, (r) => r === '910')],
    }),
  );
  await value<Case>(invoke('cases.check', { id: caseId }));
  await value<Case>(
    invoke('cases.judge', {
      id: caseId,
      facet: 'meaning',
      holds: true,
      note: 'Costs means operating costs.',
    }),
  );
  const unit = csv.representation.units[0]!;
  await value<Case>(
    invoke('cases.cite', {
      id: caseId,
      citation: {
        sourceVersionId: csv.sourceVersionId,
        representationId: csv.representation.representation_id,
        sourceUnitId: unit.source_unit_id,
        unitIndex: unit.index,
        title: 'Revenue table',
        snippet: 'Revenue 1,000 1,120',
        query: 'revenue',
      },
    }),
  );
  return { pdf, csv, caseId };
}
