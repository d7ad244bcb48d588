import { describe, expect, it } from 'vitest';
import { Unit, type FigureWithPosition } from '../../../shared/api';
import { extract } from '../../../service/extract/extract';
import { assessWithReasons } from '../../../service/numeric/assess';
import type { EngineOperand } from '../../../service/numeric/types';
import { operandContext } from '../../../shared/structure';
import { buildPdf, type PdfText } from '../extract/fixtures/pdf';

// A check over figures picked from a table on a PDF page is decided from the table's headers and labels,
// as it is over a spreadsheet: the period from the column, the line item from the row, in either order.

const line = (y: number, label: string, a: string, b: string): PdfText[] => [
  { x: 72, y, size: 9, text: label },
  { x: 300, y, size: 9, text: a },
  { x: 380, y, size: 9, text: b },
];

async function tableUnit(): Promise<Unit> {
  const bytes = buildPdf([
    {
      width: 612,
      height: 792,
      texts: [
        { x: 72, y: 720, size: 12, text: 'Table 4. Households by tenure' },
        ...line(700, 'Tenure', '2023', '2022'),
        ...line(686, 'Owner occupied', '14,812', '14,390'),
        ...line(674, 'Private rented', '4,612', '4,788'),
        ...line(662, 'Social rented', '3,954', '3,921'),
      ],
    },
  ]);
  const read = await extract(bytes, { filename: 'tenure.pdf' }, { ocr: 'off' });
  const unit = read.units[0];
  if (!unit) throw new Error(`no page: ${read.state}`);
  const { runs: _runs, cells: _cells, ...rest } = unit;
  return Unit.parse({ ...rest, source_unit_id: 'unit_tenure' });
}

function pick(unit: Unit, raw: string): EngineOperand {
  const figure: FigureWithPosition | undefined = unit.figures.find((f) => f.raw === raw);
  if (!figure) throw new Error(`no figure ${raw}`);
  const { ambiguous: _a, span: _s, position: _p, ...read } = figure;
  return { figure: read, context: operandContext(unit, figure, unit.source_unit_id) };
}

describe('numeric check over a table on a PDF page', () => {
  it.each([
    [
      'Owner-occupied households rose from 14,390 in 2022 to 14,812 in 2023.',
      '14,390',
      '14,812',
      'supported',
    ],
    [
      'Owner occupied homes increased to 14,812 in 2023, up from 14,390 in 2022.',
      '14,812',
      '14,390',
      'supported',
    ],
    ['Private rented households fell from 4,788 in 2022 to 4,612 in 2023.', '4,612', '4,788', 'supported'],
    ['Private rented households rose from 4,788 in 2022 to 4,612 in 2023.', '4,612', '4,788', 'contradicted'],
    ['Social rented households grew by 33 between 2022 and 2023.', '3,921', '3,954', 'supported'],
    ['Social rented households grew by 330 between 2022 and 2023.', '3,954', '3,921', 'contradicted'],
  ])('%s', async (claim, first, second, outcome) => {
    const unit = await tableUnit();
    for (const order of [
      [first, second],
      [second, first],
    ]) {
      const { assessment } = assessWithReasons(
        claim,
        order.map((raw) => pick(unit, raw)),
      );
      expect(assessment.outcome, `clicked ${order.join(' then ')}`).toBe(outcome);
    }
  });

  it('a change from one line item to another is not read as a change over time', async () => {
    const unit = await tableUnit();
    const { assessment } = assessWithReasons('Households rose from 4,612 to 14,812 in 2023.', [
      pick(unit, '4,612'),
      pick(unit, '14,812'),
    ]);
    expect(assessment.outcome).not.toBe('supported');
  });
});
