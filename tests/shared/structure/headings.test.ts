import { describe, expect, it } from 'vitest';
import type { PageTable } from '../../../shared/api';
import { cellHeadings } from '../../../shared/structure';

// The labels a person reads beside a cell of a page table: its label columns and, apart from them, a
// column of words after the figures that tells its rows apart.

type Spec = [text: string, row: number, col: number, rowSpan?: number];

function table(rows: number, cols: number, labelCols: number, specs: Spec[]): PageTable {
  return {
    index: 0,
    box: { x: 0, y: 0, width: 100, height: 100 },
    rows,
    cols,
    headerRows: 1,
    labelCols,
    title: null,
    notes: [],
    unsure: false,
    cells: specs.map(([text, row, col, rowSpan = 1]) => ({
      text,
      row,
      col,
      rowSpan,
      colSpan: 1,
      box: { x: col * 10, y: row * 10, width: 10, height: 10 * rowSpan },
      header: row === 0,
    })),
  };
}

const header: Spec[] = [
  ['Survey', 0, 0],
  ['Households', 0, 1],
  ['Group', 0, 2],
  ['Sample', 0, 3],
];

describe('cellHeadings: a qualifier column apart from the labels', () => {
  const grouped = table(5, 4, 1, [
    ...header,
    ['Blood pressure', 1, 0, 2],
    ['2,400', 1, 1, 2],
    ['Men (≥ 18 yrs)', 1, 2],
    ['1,728', 1, 3],
    ['Women (≥ 18 yrs)', 2, 2],
    ['1,825', 2, 3],
    ['Glucose', 3, 0, 2],
    ['2,400', 3, 1, 2],
    ['Men (≥ 18 yrs)', 3, 2],
    ['1,640', 3, 3],
    ['Women (≥ 18 yrs)', 4, 2],
    ['1,712', 4, 3],
  ]);

  it('a figure right of it reads its row by the label and the qualifier', () => {
    expect(cellHeadings(grouped, 2, 3).labels).toEqual(['Blood pressure', 'Women (≥ 18 yrs)']);
    expect(cellHeadings(grouped, 3, 3).labels).toEqual(['Glucose', 'Men (≥ 18 yrs)']);
  });

  it('a figure spanning both groups, or left of the qualifier, is the label’s alone', () => {
    expect(cellHeadings(grouped, 1, 1).labels).toEqual(['Blood pressure']);
    expect(cellHeadings(grouped, 2, 1).labels).toEqual(['Blood pressure']);
  });

  it('header cells take no qualifier', () => {
    expect(cellHeadings(grouped, 0, 3).labels).not.toContain('Group');
  });

  it('a column of words beside the labels, with no figures between, is no qualifier', () => {
    const beside = table(3, 3, 1, [
      ['Name', 0, 0],
      ['City', 0, 1],
      ['Staff', 0, 2],
      ['Acme', 1, 0],
      ['Leeds', 1, 1],
      ['120', 1, 2],
      ['Bolt', 2, 0],
      ['York', 2, 1],
      ['80', 2, 2],
    ]);
    expect(cellHeadings(beside, 1, 2).labels).toEqual(['Acme']);
  });

  it('a column that holds a figure, or one text only, is no qualifier', () => {
    const mixed = table(3, 4, 1, [
      ...header,
      ['A', 1, 0],
      ['10', 1, 1],
      ['Men', 1, 2],
      ['5', 1, 3],
      ['B', 2, 0],
      ['12', 2, 1],
      ['12 kg', 2, 2],
      ['6', 2, 3],
    ]);
    expect(cellHeadings(mixed, 1, 3).labels).toEqual(['A']);
    const same = table(3, 4, 1, [
      ...header,
      ['A', 1, 0],
      ['10', 1, 1],
      ['tonnes', 1, 2],
      ['5', 1, 3],
      ['B', 2, 0],
      ['12', 2, 1],
      ['tonnes', 2, 2],
      ['6', 2, 3],
    ]);
    expect(cellHeadings(same, 2, 3).labels).toEqual(['B']);
  });

  it('a column of words naming a row the labels leave blank labels a table of its own beside the first', () => {
    const beside = table(4, 5, 1, [
      ['', 0, 0],
      ['Total', 0, 1],
      ['', 0, 2],
      ['Deputies', 0, 3],
      ['Total', 0, 4],
      ['Present', 1, 0],
      ['217', 1, 1],
      ['Votes for', 1, 2],
      ['129', 1, 3],
      ['129', 1, 4],
      ['Absent', 2, 0],
      ['40', 2, 1],
      ['Votes against', 2, 2],
      ['65', 2, 3],
      ['65', 2, 4],
      ['Abstentions', 3, 2],
      ['22', 3, 3],
      ['22', 3, 4],
    ]);
    expect(cellHeadings(beside, 1, 1).labels).toEqual(['Present']);
    expect(cellHeadings(beside, 1, 3).labels).toEqual(['Votes for']);
    expect(cellHeadings(beside, 3, 4).labels).toEqual(['Abstentions']);
  });
});
