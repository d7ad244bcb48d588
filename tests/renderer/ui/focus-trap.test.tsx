// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { keepFocusInside, tabStops } from '../../../renderer/src/ui/focus-trap';

function Dialog() {
  const panel = useRef<HTMLDivElement>(null);
  return (
    <div>
      <button type="button">Behind</button>
      <div
        ref={panel}
        role="dialog"
        aria-label="A dialog"
        tabIndex={-1}
        onKeyDown={(e) => keepFocusInside(e, panel.current)}
      >
        <button type="button">First</button>
        <details>
          <summary>More</summary>
          <button type="button">Inside a closed disclosure</button>
        </details>
        <button type="button" hidden>
          Hidden
        </button>
        <button type="button" disabled>
          Disabled
        </button>
        <button type="button">Last</button>
      </div>
    </div>
  );
}

afterEach(cleanup);

describe('keepFocusInside', () => {
  it('Tab from the last stop goes to the first, Shift+Tab from the first (or the dialog) to the last', () => {
    render(<Dialog />);
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    const dialog = screen.getByRole('dialog');
    dialog.focus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('skips hidden, disabled and closed-disclosure controls', () => {
    render(<Dialog />);
    const stops = tabStops(screen.getByRole('dialog')).map((el) => el.textContent);
    expect(stops).toEqual(['First', 'More', 'Last']);
  });
});
