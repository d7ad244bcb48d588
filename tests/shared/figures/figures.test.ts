import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findFigures, findScaleNote, type FindOptions, type FoundFigure } from '../../../shared/figures';

// The golden cases of the figure finder (shared/figures/RULES.md): every reading rule, its negative cases
// and the scale notes.

interface ExpectedFigure {
  raw: string;
  value: number;
  unit: string | null;
  scale: number;
  ambiguous?: boolean;
  accounting?: boolean;
}

interface FigureCase {
  text: string;
  options?: FindOptions;
  figures: ExpectedFigure[];
  note?: string;
}

interface NoteCase {
  text: string;
  note: { raw: string; scale: number; unit: string | null; exceptions?: string[] } | null;
  why?: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const golden = JSON.parse(readFileSync(join(here, 'golden.json'), 'utf8')) as {
  cases: FigureCase[];
  scaleNotes: NoteCase[];
};

const UNIT_CLASS: Record<string, FoundFigure['unitClass']> = {
  '%': 'percent',
  pp: 'percentage_point',
  bp: 'basis_point',
};

function closeTo(actual: number, expected: number): boolean {
  if (actual === expected) return true;
  return Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(actual), Math.abs(expected));
}

/** The invariants every figure keeps, whatever the text. */
function expectWellFormed(text: string, figures: readonly FoundFigure[]): void {
  let previousEnd = 0;
  for (const f of figures) {
    expect(text.slice(f.start, f.end)).toBe(f.raw);
    expect(f.start).toBeGreaterThanOrEqual(previousEnd);
    expect(f.end).toBeGreaterThan(f.start);
    previousEnd = f.end;
    expect(Number.isFinite(f.value)).toBe(true);
    expect(f.magnitude).toBeGreaterThanOrEqual(0);
    expect(closeTo(f.value, f.magnitude === 0 ? 0 : f.sign * f.magnitude * f.scale)).toBe(true);
    if (f.accounting) expect(f.sign).toBe(-1);
  }
}

function label(c: FigureCase): string {
  const options = c.options === undefined ? '' : ` ${JSON.stringify(c.options)}`;
  const figures = c.figures.length === 0 ? 'no figure' : c.figures.map((f) => f.raw).join(' | ');
  return `${JSON.stringify(c.text)}${options} -> ${figures}`;
}

describe('golden.json', () => {
  it('holds at least 300 figure cases and some scale notes', () => {
    expect(golden.cases.length).toBeGreaterThanOrEqual(300);
    expect(golden.scaleNotes.length).toBeGreaterThanOrEqual(20);
  });

  it('has expected spans that exist in their texts', () => {
    for (const c of golden.cases) for (const f of c.figures) expect(c.text).toContain(f.raw);
  });
});

describe('findFigures golden cases', () => {
  it.each(golden.cases.map((c) => [label(c), c] as const))('%s', (_name, c) => {
    const found = findFigures(c.text, c.options ?? {});
    expectWellFormed(c.text, found);
    expect(found.map((f) => f.raw)).toEqual(c.figures.map((f) => f.raw));
    found.forEach((f, k) => {
      const want = c.figures[k];
      if (want === undefined) throw new Error('figure count checked above');
      expect({
        raw: f.raw,
        unit: f.unit,
        scale: f.scale,
        ambiguous: f.ambiguous,
        accounting: f.accounting,
      }).toEqual({
        raw: want.raw,
        unit: want.unit,
        scale: want.scale,
        ambiguous: want.ambiguous ?? false,
        accounting: want.accounting ?? false,
      });
      expect(closeTo(f.value, want.value), `${f.raw}: value ${f.value}, expected ${want.value}`).toBe(true);
      const unitClass = f.unit === null ? 'none' : (UNIT_CLASS[f.unit] ?? 'currency');
      expect(f.unitClass).toBe(unitClass);
      if (want.value !== 0) expect(f.sign).toBe(want.value < 0 ? -1 : 1);
    });
  });
});

describe('findScaleNote golden cases', () => {
  it.each(golden.scaleNotes.map((n) => [JSON.stringify(n.text), n] as const))('%s', (_name, n) => {
    const note = findScaleNote(n.text);
    if (n.note === null) {
      expect(note).toBeNull();
      return;
    }
    expect(note).not.toBeNull();
    if (note === null) return;
    const { exceptions, ...want } = n.note;
    expect({ raw: n.text.slice(note.start, note.end), scale: note.scale, unit: note.unit }).toEqual(want);
    // Exceptions are checked where the case names them ("in thousands, except per share data").
    if (exceptions !== undefined) expect(note.exceptions).toEqual(exceptions);
  });

  it('keeps a note out of the figures of the same text', () => {
    for (const n of golden.scaleNotes) {
      const note = findScaleNote(n.text);
      if (note === null) continue;
      for (const f of findFigures(n.text)) expect(f.end <= note.start || f.start >= note.end).toBe(true);
    }
  });
});

describe('findFigures properties', () => {
  it('reads any integer written with en-US thousands separators as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const written = n.toLocaleString('en-US');
        const found = findFigures(`a total of ${written} units`);
        // Four-digit integers without a separator in 1900..2100 are years, not figures.
        if (n >= 1900 && n <= 2100) return found.length === 0;
        return found.length === 1 && found[0]?.raw === written && found[0].value === n && !found[0].ambiguous;
      }),
      { numRuns: 500 },
    );
  });

  it('reads any integer of a million or more written with ordinary-space groups as one number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const written = n.toLocaleString('en-US').replace(/,/g, ' ');
        const found = findFigures(`a total of ${written} units`);
        return found.length === 1 && found[0]?.raw === written && found[0].value === n && !found[0].ambiguous;
      }),
      { numRuns: 300 },
    );
  });

  it('reads scientific notation as mantissa × 10^exponent, scale 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: -20, max: 20 }), (m, x) => {
        const written = `${m / 100}e${x}`;
        const found = findFigures(`about ${written} of them`);
        return (
          found.length === 1 &&
          found[0]?.raw === written &&
          found[0].value === Number(written) &&
          found[0].magnitude === Number(written) &&
          found[0].scale === 1
        );
      }),
      { numRuns: 300 },
    );
  });

  it('reads a negative amount in dollars with its sign, as "-$n" and as "($n)"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), (n) => {
        const written = n.toLocaleString('en-US');
        const minus = findFigures(`loss of -$${written}`);
        const parens = findFigures(`| Loss | ($${written}) |`);
        return (
          minus.length === 1 &&
          minus[0]?.value === -n &&
          minus[0].unit === 'USD' &&
          parens.length === 1 &&
          parens[0]?.value === -n &&
          parens[0].accounting
        );
      }),
    );
  });

  it('never throws and its spans always slice to raw, on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expectWellFormed(text, findFigures(text));
        const note = findScaleNote(text);
        if (note !== null) expect(note.end).toBeGreaterThan(note.start);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws and its spans always slice to raw, on number-heavy strings', () => {
    const pieces = fc.constantFrom(
      ...'0123456789'.split(''),
      ...[',', '.', ' ', '\u00a0', "'", '-', '\u2212', '(', ')', '%', '$', '€', '£', ':', '/', '\n', '|'],
      ...['m', 'bn', 'k', ' million', ' percent', ' bps', 'pp', 'USD', 'March', 'page', 'in millions', 'am'],
      ...[
        'b',
        'e',
        'E-',
        '×10^',
        ' x 10⁶',
        ' hundred',
        ' cents',
        ' and ',
        'p',
        'Level ',
        ', except per share',
      ],
    );
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 60 }),
        fc.constantFrom<FindOptions>({}, { decimal: ',' }),
        (parts, options) => {
          const text = parts.join('');
          expectWellFormed(text, findFigures(text, options));
        },
      ),
      { numRuns: 1000 },
    );
  });

  // No catastrophic backtracking: each of these must simply finish (vitest's timeout catches a runaway).
  it.each([
    ['1,', '1,'.repeat(50_000)],
    ['(', '('.repeat(50_000)],
    ['1.', '1.'.repeat(50_000)],
    ['1 ', '1 '.repeat(50_000)],
    ['1\u00a0', '1\u00a0'.repeat(50_000)],
    ['9', '9'.repeat(100_000)],
    ['($', '($'.repeat(50_000)],
    ['+1 ', '+1 '.repeat(33_000)],
    ['in ', 'in '.repeat(33_000)],
    ['March 1 ', 'March 1 '.repeat(12_500)],
    ['12-', '12-'.repeat(33_000)],
    ['1 000 ', '1 000 '.repeat(16_000)],
    ['1 234 … 5', `1${' 234'.repeat(25_000)} 5`],
    ['1e', '1e'.repeat(50_000)],
    ['2019 $ ', '2019 $ '.repeat(14_000)],
  ])(
    'finishes on a 100k-character string of %j',
    (_name, text) => {
      expectWellFormed(text, findFigures(text));
      findScaleNote(text);
    },
    10_000,
  );
});
