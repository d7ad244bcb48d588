/**
 * Pages in the layouts `npm run eval:reading-order` measures, written with the test suite's small PDF
 * writer: prose set in one, two or three columns, a sidebar, a title across the columns, a caption across
 * them between two bands of columns, footnotes under them. The words come from a seeded generator, so every
 * run writes the same pages and their 4-grams are distinctive.
 */
import { buildPdf, helveticaWidth, type PdfText } from '../tests/service/extract/fixtures/pdf';

const WORDS = (
  'the council said budget report would review spending on schools roads and hospitals across every ' +
  'district after officials found records that showed delays in payments to contractors while ministers ' +
  'promised new rules for audits next year although critics argued that figures from earlier reports ' +
  'were incomplete and several agencies had not published data on staff or services in rural areas where ' +
  'demand for care has grown since local offices closed'
).split(' ');

/** A deterministic stream of words (a linear congruential generator over the word list). */
function prose(seed: number): () => string {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return WORDS[state % WORDS.length]!;
  };
}

/** Lines of prose no wider than `width` points at `size`. */
function lines(next: () => string, count: number, width: number, size: number): string[] {
  const out: string[] = [];
  let line = '';
  while (out.length < count) {
    const word = next();
    const candidate = line === '' ? word : `${line} ${word}`;
    if (helveticaWidth(candidate, size) > width && line !== '') {
      out.push(line);
      line = word;
    } else line = candidate;
  }
  return out;
}

/** A column of prose: its lines set from `top` down, `leading` apart. */
function column(
  next: () => string,
  x: number,
  top: number,
  width: number,
  count: number,
  size = 9,
  leading = 11,
): PdfText[] {
  return lines(next, count, width, size).map((text, i) => ({ x, y: top - i * leading, size, text }));
}

export interface LayoutPage {
  name: string;
  layout: string;
  bytes: Uint8Array;
}

/** One page of each layout. */
export function layoutPages(): LayoutPage[] {
  const W = 612;
  const H = 792;
  const page = (texts: PdfText[]) => buildPdf([{ width: W, height: H, texts }]);
  const out: LayoutPage[] = [];

  let next = prose(1);
  out.push({ name: 'one-column', layout: 'one column', bytes: page(column(next, 72, 720, 468, 55, 10, 12)) });

  next = prose(2);
  out.push({
    name: 'two-columns',
    layout: 'two columns, a title across them, a footnote',
    bytes: page([
      { x: 72, y: 740, size: 16, text: 'Review of district spending on public services' },
      ...column(next, 72, 700, 225, 55),
      ...column(next, 315, 700, 225, 55),
      ...column(next, 72, 80, 468, 2, 7, 8),
    ]),
  });

  next = prose(3);
  out.push({
    name: 'two-columns-offset',
    layout: 'two columns with baselines out of step',
    bytes: page([...column(next, 72, 720, 225, 58), ...column(next, 315, 714, 225, 48, 10, 13)]),
  });

  next = prose(4);
  out.push({
    name: 'three-columns',
    layout: 'three columns',
    bytes: page([
      ...column(next, 54, 730, 150, 60, 8, 10),
      ...column(next, 231, 730, 150, 60, 8, 10),
      ...column(next, 408, 730, 150, 60, 8, 10),
    ]),
  });

  next = prose(5);
  out.push({
    name: 'sidebar',
    layout: 'a main column and a sidebar',
    bytes: page([...column(next, 72, 720, 320, 55, 10, 12), ...column(next, 416, 700, 124, 30, 8, 10)]),
  });

  next = prose(6);
  out.push({
    name: 'caption-across',
    layout: 'two bands of two columns with a caption across them',
    bytes: page([
      ...column(next, 72, 720, 225, 25),
      ...column(next, 315, 720, 225, 25),
      ...column(next, 72, 430, 468, 2, 9, 11),
      ...column(next, 72, 390, 225, 25),
      ...column(next, 315, 390, 225, 25),
    ]),
  });
  return out;
}

/** A seeded stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

/** A table of rows as a report sets one: a label column and figures, one row to a line. */
export interface TableRows {
  rows: string[][];
}

/**
 * Pages of prose in two or three columns with widths, gutters, type sizes, leading and starts drawn from
 * `seed` (none of them the hand-made pages above), some with a title across the top, a caption across the
 * middle or a footnote, and some with a table set across the page between paragraphs; each with the rows
 * of its table, to check that a table is still read row by row.
 */
export function variedPages(seed: number, count: number): (LayoutPage & TableRows)[] {
  const r = random(seed);
  const pick = (from: number, to: number) => from + r() * (to - from);
  const out: (LayoutPage & TableRows)[] = [];
  for (let n = 0; n < count; n++) {
    const next = prose(seed * 1000 + n);
    const columns = r() < 0.6 ? 2 : 3;
    const size = Math.round(pick(8, 11) * 2) / 2;
    const leading = size * pick(1.15, 1.4);
    const gutter = pick(1.2, 2.6) * size;
    const margin = pick(50, 80);
    const width = (612 - 2 * margin - (columns - 1) * gutter) / columns;
    const texts: PdfText[] = [];
    let top = 740;
    const features: string[] = [`${columns} columns`];
    if (r() < 0.5) {
      texts.push({ x: margin, y: top, size: size + 6, text: lines(next, 1, 612 - 2 * margin, size + 6)[0]! });
      top -= 3 * size;
      features.push('title');
    }
    const band = (height: number) => {
      const count = Math.floor(height / leading);
      for (let c = 0; c < columns; c++) {
        // Columns may start a little lower than the first, as a second column under a heading does.
        const drop = c > 0 && r() < 0.3 ? Math.round(pick(1, 3)) * leading * 0.5 : 0;
        texts.push(
          ...column(
            next,
            margin + c * (width + gutter),
            top - drop,
            width,
            count - (drop > 0 ? 1 : 0),
            size,
            leading,
          ),
        );
      }
      top -= count * leading + 2 * size;
    };
    const rows: string[][] = [];
    band(pick(150, 280));
    const between = r();
    if (between < 0.5) {
      // A table across the page: a label and three figures to a row, one row to a line.
      const x = [margin, margin + 200, margin + 290, margin + 380];
      const labels = ['Schools', 'Roads and bridges', 'Hospitals', 'Rural care', 'Staff', 'Audits'];
      for (let k = 0; k < 5; k++) {
        const row = [
          labels[(n + k) % labels.length]!,
          ...[0, 1, 2].map((c) => (1000 + ((n * 37 + k * 13 + c * 7) % 900) * 11).toLocaleString('en-US')),
        ];
        rows.push(row);
        row.forEach((text, c) => texts.push({ x: x[c]!, y: top - k * leading * 1.3, size, text }));
      }
      top -= 6 * leading * 1.3 + size;
      features.push('a table');
    } else if (between < 0.75) {
      texts.push(...column(next, margin, top, 612 - 2 * margin, 2, size, leading));
      top -= 2 * leading + 2 * size;
      features.push('a caption across');
    }
    band(Math.max(60, top - 100));
    if (r() < 0.5) {
      texts.push(...column(next, margin, 70, 612 - 2 * margin, 2, size - 2, size));
      features.push('a footnote');
    }
    out.push({
      name: `varied-${seed}-${n}`,
      layout: features.join(', '),
      bytes: buildPdf([{ width: 612, height: 792, texts }]),
      rows,
    });
  }
  return out;
}
