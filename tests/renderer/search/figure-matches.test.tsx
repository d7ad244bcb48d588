// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FigureSearchResponse } from '../../../shared/api';
import { readValueQuery } from '../../../shared/search/value-query';
import { FigureMatches } from '../../../renderer/src/search/FigureMatches';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import { bridgeStub, renderWithQueries, useComponentTestSetup } from '../check/fixtures';

// Search by a number: the figures with that value, each opened where it was read.

useComponentTestSetup();

const FOUND: FigureSearchResponse = {
  query: { value: 56941, low: 56940.5, high: 56941.5, unit: null, unitClass: null, words: [], hedge: null },
  figures: [
    {
      rank: 1,
      score: 0.9,
      source_version_id: 'sv_sheet',
      representation_id: 'rep_sheet',
      source_unit_id: 'unit_s1',
      figure_index: 4,
      source: {
        title: 'Handgun checks',
        filename: 'checks.xlsx',
        url: null,
        domain: null,
        publication_year: null,
        source_type: null,
      },
      unit: { kind: 'sheet', index: 2, label: 'By state' },
      figure: { raw: '56,941', value: 56941, magnitude: 56941, scale: 1, unit: null, unitClass: 'none' },
      position: { kind: 'cell', ref: 'C2' },
      cell: { table: null, ref: 'C2', row: 1, col: 2 },
      row_labels: ['Texas'],
      column_headers: ['November 2015'],
      table_title: null,
      distance: 0,
      unit_match: 'not_asked',
      words_matched: [],
    },
  ],
  total: 1,
};

describe('FigureMatches', () => {
  it('lists the figures with the value typed, and opens one at its sheet and cell', async () => {
    bridgeStub.handlers['figures.byValue'] = () => FOUND;
    renderWithQueries(<FigureMatches query={readValueQuery('56,941')!} />);
    const list = await screen.findByRole('list', { name: 'Figures with this value' });
    expect(bridgeStub.calls.at(-1)).toEqual({ channel: 'figures.byValue', input: { query: '56,941' } });
    expect(list.textContent).toContain('Texas · November 2015');
    expect(list.textContent).toContain('sheet By state, cell C2');
    await userEvent.click(within(list).getByRole('button', { name: 'Open 56,941 in Handgun checks' }));
    const ui = useWorkbenchUi.getState();
    expect(ui.openSourceVersionId).toBe('sv_sheet');
    expect(ui.openUnitIndex).toBe(2);
    expect(ui.figureFocus).toEqual({ figure: { sourceUnitId: 'unit_s1', index: 4 }, place: 'text' });
  });
});
