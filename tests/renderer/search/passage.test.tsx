// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passageRange } from '../../../renderer/src/search/highlight';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import { FigureBox } from '../../../renderer/src/viewer/FigureBox';
import { UnitText } from '../../../renderer/src/viewer/UnitText';
import { PAGE_1_TEXT, pdfRepresentation } from '../viewer/fixtures';
import { renderWithQueries, useComponentTestSetup } from '../check/fixtures';

// A search result opened at its passage: the snippet's characters lit in the unit's text, figure chips
// inside it lit with it, nothing else.

useComponentTestSetup();

describe('the lit passage in the unit text', () => {
  it('marks exactly the snippet’s characters, figure chips included', () => {
    const unit = pdfRepresentation.units[0]!;
    expect(unit.markdown).toBe(PAGE_1_TEXT);
    const snippet = 'rose to 1,120 in 2024';
    const range = passageRange(unit.markdown, snippet)!;
    renderWithQueries(<UnitText unit={unit} lost={null} passage={[range]} />);
    const lit = screen.getAllByTestId('lit-passage').map((m) => m.textContent ?? '');
    expect(lit.join('')).toBe(snippet);
    expect(screen.getByTestId('unit-markdown').textContent).toBe(PAGE_1_TEXT);
  });

  it('lights nothing without a passage', () => {
    renderWithQueries(<UnitText unit={pdfRepresentation.units[0]!} lost={null} />);
    expect(screen.queryByTestId('lit-passage')).toBeNull();
  });

  it('lights on the page the boxes of the figures inside the passage, and only those', () => {
    const unit = pdfRepresentation.units[0]!;
    const boxed = unit.figures.filter((f) => f.position.kind === 'box');
    expect(boxed.length).toBeGreaterThan(1);
    const inside = boxed[0]!;
    useWorkbenchUi.getState().lightPassage({
      sourceUnitId: unit.source_unit_id,
      ranges: [{ start: inside.span.start, end: inside.span.end }],
    });
    renderWithQueries(
      <div>
        {boxed.map((figure) => (
          <FigureBox
            key={figure.index}
            unit={unit}
            figure={figure}
            page={{ width: 600, height: 800 }}
            width={600}
          />
        ))}
      </div>,
    );
    const lit = screen.getAllByTestId('figure-box').map((b) => b.getAttribute('data-in-passage'));
    expect(lit).toEqual(boxed.map((f) => (f === inside ? 'true' : null)));
  });
});
