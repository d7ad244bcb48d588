/**
 * The TAT-QA dev set as `npm run eval:claims` reads it: each document's paragraphs as one article, its
 * table's cells, and the ground truth of claim detection — the numbers of the paragraphs that restate a
 * cell, and the sentences that hold them. Later sections (the right cell at rank 1, operand sets in the
 * top 5) read the same documents.
 */
import { findFigures, type FoundFigure } from '../shared/figures';
import { writtenDecimals } from '../service/numeric/tolerance';
import { sentenceSpans, type TextSpan } from '../service/claims/sentences';
import { CORPUS, type Question } from './eval-numeric-corpus';
import { halfOf, type Half } from './eval-numeric-families';

export { CORPUS };

export interface Paragraph {
  uid: string;
  order: number;
  text: string;
}

/** A TAT-QA document with the parts this evaluation reads. */
export interface ClaimsItem {
  table: { uid: string; table: string[][] };
  paragraphs: Paragraph[];
  questions: (Question & { rel_paragraphs?: string[] })[];
}

/** A table cell's number: its value as written (no scale applied) and half a unit of its last digit. */
export interface CellNumber {
  row: number;
  column: number;
  raw: string;
  value: number;
  precision: number;
}

/** A number of the article that restates a cell, with the cells it may restate. */
export interface Restatement {
  figure: FoundFigure;
  cells: CellNumber[];
}

export interface Document {
  uid: string;
  half: Half;
  /** The paragraphs joined by blank lines, as a person would paste them. */
  article: string;
  cells: CellNumber[];
  /** The article's numbers that restate a cell. */
  restatements: Restatement[];
  sentences: TextSpan[];
  /** The sentences that hold a number restating a cell: the claims detection must list. */
  claimSentences: TextSpan[];
}

/** The scales a table's numbers may be written in, against a paragraph's number in base units. */
const TABLE_SCALES = [1, 1e3, 1e6, 1e9] as const;

/** The numbers of a table's cells (header rows included: their years are no figures). */
export function cellNumbers(table: readonly (readonly string[])[]): CellNumber[] {
  const out: CellNumber[] = [];
  table.forEach((cells, row) =>
    cells.forEach((cell, column) => {
      for (const f of findFigures(cell, { cell: true })) {
        if (f.ambiguous || f.magnitude === 0) continue;
        const decimals = writtenDecimals(f.raw, f.magnitude);
        out.push({ row, column, raw: f.raw, value: f.magnitude, precision: 0.5 * 10 ** -decimals });
      }
    }),
  );
  return out;
}

/**
 * Whether a paragraph's number restates a cell: equal to the cell's value in one of the scales a table is
 * written in, within the paragraph's rounding or the cell's ("$1.2 million" restates 1,234 in thousands).
 * A percentage is compared as written. A bare whole number under 100 matches some cell of most tables by
 * chance, so it restates none.
 */
export function restates(figure: FoundFigure, cell: CellNumber): boolean {
  if (figure.ambiguous || figure.magnitude === 0) return false;
  if (
    figure.unit === null &&
    figure.scale === 1 &&
    Number.isInteger(figure.magnitude) &&
    figure.magnitude < 100
  )
    return false;
  const decimals = writtenDecimals(figure.raw, figure.magnitude);
  const value = Math.abs(figure.value);
  const own = 0.5 * 10 ** -decimals * figure.scale;
  const scales = figure.unitClass === 'percent' ? [1] : TABLE_SCALES;
  return scales.some(
    (s) => Math.abs(value / s - cell.value) <= Math.max(own / s, cell.precision) * (1 + 1e-9),
  );
}

/** The documents of the set, each with its half, article and ground truth. */
export function documentsOf(items: readonly ClaimsItem[]): Document[] {
  return items.map((item) => {
    const article = [...item.paragraphs]
      .sort((a, b) => a.order - b.order)
      .map((p) => p.text.trim())
      .join('\n\n');
    const cells = cellNumbers(item.table.table);
    const restatements: Restatement[] = [];
    for (const figure of findFigures(article)) {
      const matched = cells.filter((c) => restates(figure, c));
      if (matched.length > 0) restatements.push({ figure, cells: matched });
    }
    const sentences = sentenceSpans(article);
    const claimSentences = sentences.filter((s) =>
      restatements.some((r) => r.figure.start >= s.start && r.figure.end <= s.end),
    );
    return {
      uid: item.table.uid,
      half: halfOf(item.table.uid),
      article,
      cells,
      restatements,
      sentences,
      claimSentences,
    };
  });
}
