import { describe, expect, it, vi } from 'vitest';
import { debounced, parseWindowState, restoreBounds } from '../../../desktop/electron/window-state';

// The window opens where it was left, never on a display that is gone, never larger than its display.

const LAPTOP = { x: 0, y: 0, width: 1366, height: 740 };
const MONITOR = { x: 1366, y: 0, width: 2560, height: 1400 };
const DEFAULTS = { width: 1280, height: 820 };
const MIN = { width: 880, height: 560 };

describe('parseWindowState', () => {
  it('reads a saved state', () => {
    expect(parseWindowState('{"x":10,"y":20,"width":1000,"height":700,"maximized":true}')).toEqual({
      x: 10,
      y: 20,
      width: 1000,
      height: 700,
      maximized: true,
    });
  });

  it.each([
    null,
    '',
    'not json',
    '[]',
    'null',
    '{"x":1,"y":2,"width":0,"height":5}',
    '{"x":"1","y":2,"width":9,"height":5}',
    '{"x":1e12,"y":2,"width":9,"height":5}',
  ])('refuses %s', (text) => expect(parseWindowState(text)).toBeNull());
});

describe('restoreBounds', () => {
  it('opens at the defaults the first time', () => {
    expect(restoreBounds(null, [LAPTOP], DEFAULTS, MIN)).toEqual({ bounds: DEFAULTS, maximized: false });
  });

  it('keeps a place that is on a display', () => {
    const saved = { x: 1500, y: 100, width: 1200, height: 900, maximized: false };
    expect(restoreBounds(saved, [LAPTOP, MONITOR], DEFAULTS, MIN).bounds).toEqual({
      x: 1500,
      y: 100,
      width: 1200,
      height: 900,
    });
  });

  it('falls back to the defaults when the display it was on is unplugged', () => {
    const saved = { x: 1500, y: 100, width: 1200, height: 900, maximized: true };
    expect(restoreBounds(saved, [LAPTOP], DEFAULTS, MIN)).toEqual({ bounds: DEFAULTS, maximized: true });
  });

  it('shrinks and moves a window larger than its display onto it', () => {
    const saved = { x: -40, y: 0, width: 2000, height: 1200, maximized: false };
    expect(restoreBounds(saved, [LAPTOP], DEFAULTS, MIN).bounds).toEqual({
      x: 0,
      y: 0,
      width: 1366,
      height: 740,
    });
  });

  it('pulls a window hanging off the bottom right back inside', () => {
    const saved = { x: 1000, y: 600, width: 900, height: 600, maximized: false };
    expect(restoreBounds(saved, [LAPTOP], DEFAULTS, MIN).bounds).toEqual({
      x: 466,
      y: 140,
      width: 900,
      height: 600,
    });
  });

  it('never goes under the minimum size', () => {
    const saved = { x: 0, y: 0, width: 300, height: 200, maximized: false };
    const { bounds } = restoreBounds(saved, [LAPTOP], DEFAULTS, MIN);
    expect(bounds.width).toBe(880);
    expect(bounds.height).toBe(560);
  });
});

describe('debounced', () => {
  it('saves once after the moves stop, and at once when flushed', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const saver = debounced(save, 500);
    saver.schedule();
    vi.advanceTimersByTime(300);
    saver.schedule();
    vi.advanceTimersByTime(300);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(save).toHaveBeenCalledTimes(1);
    saver.schedule();
    saver.flush();
    expect(save).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
