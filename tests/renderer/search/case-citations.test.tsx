// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaseCitation } from '../../../shared/bridge';
import { CaseCitations } from '../../../renderer/src/search/CaseCitations';
import {
  bridgeStub,
  CASE_ID,
  checkedCase,
  renderWithQueries,
  useComponentTestSetup,
} from '../check/fixtures';
import { pdfRepresentation, sheetRepresentation } from '../viewer/fixtures';

// A kept passage says where it sits as its document does: a page by its number, a sheet by its name.

useComponentTestSetup();

const citation = (overrides: Partial<CaseCitation>): CaseCitation => ({
  sourceVersionId: 'sv-1',
  representationId: 'rep-1',
  sourceUnitId: 'unit-p3',
  unitIndex: 2,
  title: 'Budget 2024',
  snippet: 'Staff: 4,200 people.',
  query: 'staff',
  at: '2026-11-20T10:06:00.000Z',
  ...overrides,
});

describe('kept passages', () => {
  it('name the page or the sheet they cite, never a bare unit number', async () => {
    bridgeStub.handlers['cases.get'] = () =>
      checkedCase(null, {
        citations: [
          citation({}),
          citation({
            sourceVersionId: 'sv-2',
            representationId: 'rep-2',
            sourceUnitId: 'unit-s2',
            title: 'Accounts',
            snippet: 'Draft',
            query: 'draft',
          }),
        ],
      });
    bridgeStub.handlers['documents.get'] = (input) =>
      (input as { representationId: string }).representationId === 'rep-1'
        ? pdfRepresentation
        : sheetRepresentation;
    renderWithQueries(<CaseCitations caseId={CASE_ID} />);

    const list = await screen.findByRole('region', { name: 'Kept passages (2)' });
    const pdf = await within(list).findByRole('button', { name: 'Budget 2024 · page 3' });
    const sheet = await within(list).findByRole('button', { name: 'Accounts · sheet “Notes”' });
    expect(pdf).toBeDefined();
    expect(sheet).toBeDefined();
    expect(list.textContent).not.toContain('unit');
  });
});
