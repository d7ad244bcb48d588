/**
 * The ICDAR 2013 table competition's structure metric (Göbel, Hassan, Oro, Orsi, "ICDAR 2013 Table
 * Competition"; the method of their DocEng 2012 paper): each content cell is related to its nearest content
 * cell to the right in the same row and to its nearest content cell below in the same column. Blank cells
 * take part in no relation, so a relation skips over them. Cells are identified by their text with all
 * whitespace removed; a relation of ours is correct when the expected list holds one with the same two texts
 * and the same direction. Precision and recall compare the two lists as multisets, which makes the score
 * blind to where the table starts and does not tie it to one way of counting merged or split cells.
 *
 * A spanning cell is in every row and column it covers: it is related to the nearest cell to its right in
 * each of its rows and to the nearest cell below in each of its columns (one relation per distinct pair).
 */
import { gridOf, squeeze, type GridCell } from './eval-tables-cells';

export type Direction = 'right' | 'below';

export interface Relation {
  from: string;
  to: string;
  direction: Direction;
}

/** Every adjacency relation of a table given as cells (a span covers rowSpan × colSpan slots). */
export function adjacencyRelations(cells: readonly GridCell[]): Relation[] {
  const content = cells
    .map((cell) => ({ ...cell, text: squeeze(cell.text) }))
    .filter((cell) => cell.text !== '');
  const grid = gridOf(content);
  const out: Relation[] = [];
  content.forEach((cell, i) => {
    const seen = new Set<number>();
    const relate = (j: number, direction: Direction) => {
      if (seen.has(j)) return;
      seen.add(j);
      out.push({ from: cell.text, to: content[j]!.text, direction });
    };
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++)
      for (let c = cell.col + cell.colSpan; c < grid.cols; c++) {
        const j = grid.slots[r]![c]!;
        if (j >= 0 && j !== i) {
          relate(j, 'right');
          break;
        }
      }
    seen.clear();
    for (let c = cell.col; c < cell.col + cell.colSpan; c++)
      for (let r = cell.row + cell.rowSpan; r < grid.rows; r++) {
        const j = grid.slots[r]![c]!;
        if (j >= 0 && j !== i) {
          relate(j, 'below');
          break;
        }
      }
  });
  return out;
}

export interface AdjacencyCount {
  /** Relations of ours found among the expected ones (multiset intersection). */
  correct: number;
  ours: number;
  expected: number;
}

const key = (r: Relation) => `${r.direction}\u0000${r.from}\u0000${r.to}`;

export function compareRelations(ours: readonly Relation[], expected: readonly Relation[]): AdjacencyCount {
  const want = new Map<string, number>();
  for (const r of expected) want.set(key(r), (want.get(key(r)) ?? 0) + 1);
  let correct = 0;
  for (const r of ours) {
    const left = want.get(key(r)) ?? 0;
    if (left > 0) {
      correct++;
      want.set(key(r), left - 1);
    }
  }
  return { correct, ours: ours.length, expected: expected.length };
}

export interface Scores {
  precision: number;
  recall: number;
  f1: number;
}

/** Precision, recall and F1 of a count (or of counts summed: the micro-average). Nothing against nothing is 1. */
export function scoresOf(count: AdjacencyCount): Scores {
  const precision = count.ours === 0 ? (count.expected === 0 ? 1 : 0) : count.correct / count.ours;
  const recall = count.expected === 0 ? (count.ours === 0 ? 1 : 0) : count.correct / count.expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

export function addCounts(counts: readonly AdjacencyCount[]): AdjacencyCount {
  return counts.reduce(
    (a, b) => ({ correct: a.correct + b.correct, ours: a.ours + b.ours, expected: a.expected + b.expected }),
    {
      correct: 0,
      ours: 0,
      expected: 0,
    },
  );
}
