// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EXTRACTION_CODES, type ExtractionCode } from '../../../shared/api/extract';
import { StatusBadge } from '../../../renderer/src/ui/StatusBadge';
import type { ReadingState } from '../../../renderer/src/ui/extraction-codes';

// The badge of a reading: words, icon and colour for every state and every code of the spec, the
// caller's move beside it, and success drawn for a complete read only.

afterEach(cleanup);

/** The state a service answers with each code (spec, "Meaning of extraction states"). */
const STATE_OF: Record<ExtractionCode, ReadingState> = {
  source_too_large: 'error',
  source_encrypted: 'error',
  source_corrupt: 'error',
  unsupported_format: 'unsupported',
  ocr_unavailable: 'error',
  partial_extraction: 'partial',
  empty_source: 'error',
  extraction_error: 'error',
};

const EXPECTED: Record<ExtractionCode, { label: RegExp; move: string }> = {
  source_too_large: { label: /too large/i, move: 'Send a smaller file' },
  source_encrypted: { label: /password/i, move: 'Send an unlocked copy' },
  source_corrupt: { label: /damaged/i, move: 'Re-export the file from its program' },
  unsupported_format: { label: /not supported/i, move: 'Convert it to PDF, a spreadsheet or Word' },
  ocr_unavailable: { label: /OCR/, move: 'Turn OCR on in settings, or send a file with a text layer' },
  partial_extraction: { label: /partly read/i, move: 'Use what came back; the lost pages are listed' },
  empty_source: { label: /empty/i, move: 'The file holds nothing to read' },
  extraction_error: { label: /failed/i, move: 'Try again' },
};

function badge() {
  return screen.getByTestId('status-badge');
}

describe('StatusBadge', () => {
  it('draws a complete read as success, with a check icon, words and no move', () => {
    render(<StatusBadge state="complete" showMove />);
    expect(badge().dataset['tone']).toBe('success');
    expect(within(badge()).getByTestId('status-label').textContent).toBe('Read completely');
    expect(badge().querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(within(badge()).queryByTestId('status-move')).toBeNull();
  });

  it.each([
    ['partial', 'partial_extraction', 'warning', /partly read/i],
    ['unsupported', 'unsupported_format', 'danger', /format not supported/i],
    ['error', 'extraction_error', 'danger', /not read/i],
  ] as const)('never draws a %s read as success', (state, code, tone, label) => {
    render(<StatusBadge state={state} code={code} showMove />);
    expect(badge().dataset['tone']).toBe(tone);
    expect(badge().dataset['tone']).not.toBe('success');
    expect(within(badge()).getByTestId('status-label').textContent).toMatch(label);
    expect(within(badge()).getByTestId('status-move').textContent).not.toBe('');
  });

  it('says a document that was never read is not read yet, in a neutral style', () => {
    render(<StatusBadge state="unread" showMove />);
    expect(badge().dataset['tone']).toBe('neutral');
    expect(within(badge()).getByTestId('status-label').textContent).toBe('Never read');
    expect(within(badge()).getByTestId('status-move').textContent).toMatch(/read it/i);
  });

  it('gives each state its own icon, so the badge reads without colour', () => {
    const shapes = new Set<string>();
    for (const state of ['complete', 'partial', 'unsupported', 'error', 'unread'] as const) {
      const { unmount } = render(
        <StatusBadge
          state={state}
          code={state === 'complete' || state === 'unread' ? null : 'extraction_error'}
        />,
      );
      shapes.add(badge().querySelector('path')?.getAttribute('d') ?? '');
      unmount();
    }
    expect(shapes.size).toBe(5);
  });

  it.each(EXTRACTION_CODES.map((code) => [code] as const))(
    'words code %s in plain words with its caller\u2019s move, never as success',
    (code) => {
      render(<StatusBadge state={STATE_OF[code]} code={code} showMove />);
      expect(badge().dataset['code']).toBe(code);
      expect(badge().dataset['tone']).not.toBe('success');
      const label = within(badge()).getByTestId('status-label').textContent ?? '';
      expect(label).toMatch(EXPECTED[code].label);
      // Plain words, not the code itself.
      expect(label).not.toContain(code);
      expect(within(badge()).getByTestId('status-move').textContent).toBe(EXPECTED[code].move);
    },
  );

  it('keeps a failed read that was empty from looking like an empty document read completely', () => {
    render(<StatusBadge state="error" code="empty_source" showMove />);
    expect(badge().dataset['tone']).toBe('danger');
    expect(screen.queryByText('Read completely')).toBeNull();
  });
});
