import type { Chunk, ChunkLine } from './pdf-tables';

// Columns a space apart. Some registers set their columns so close that only a space parts one cell from
// the next ("648765 AAA ALLEGIANT AIR"), so the gap between pieces cannot tell cells apart. What still
// does is how the page was drawn: each cell is a run of text of its own, starting at its column's left
// edge in row after row. Where many rows holding a figure start a run at one x, and no word of theirs runs
// across that x, the column starts there, and pieces are parted at it.

/** Starts this close (in points) are one column's left edge. */
const ALIGN = 1;
/** Least share of the rows that start a run at a column's edge. */
const SUPPORT = 0.5;
/** Fewest rows that start a run at a column's edge. */
const MIN_ROWS = 3;

type Word = NonNullable<Chunk['words']>[number];

/**
 * The x where columns start inside pieces: runs of text that start inside a piece, aligned over enough
 * rows, crossed by no word of those rows, and not all after the same word (a column of "Total"
 * before each label is no column of its own).
 */
export function alignedStarts(body: readonly ChunkLine[]): number[] {
  const starts: { x: number; line: number; before: string; inside: boolean }[] = [];
  body.forEach((line, l) => {
    let previous: { item: number | undefined; text: string } | null = null;
    for (const chunk of line.chunks) {
      const words = chunk.words ?? [{ ...chunk, item: undefined }];
      words.forEach((word, k) => {
        if (previous === null || word.item === undefined || word.item !== previous.item) {
          starts.push({ x: word.x0, line: l, before: previous?.text ?? '', inside: k > 0 });
          previous = { item: word.item, text: word.text };
        } else previous.text += ` ${word.text}`;
      });
    }
  });
  starts.sort((a, b) => a.x - b.x);
  const need = Math.max(MIN_ROWS, SUPPORT * body.length);
  const words = body.flatMap((line) => line.chunks.flatMap((c) => c.words ?? []));
  const out: number[] = [];
  let i = 0;
  while (i < starts.length) {
    let j = i;
    while (j + 1 < starts.length && starts[j + 1]!.x - starts[i]!.x <= ALIGN) j++;
    const group = starts.slice(i, j + 1);
    i = j + 1;
    const rows = new Set(group.map((s) => s.line));
    if (rows.size < need) continue;
    const x = group[0]!.x;
    if (words.some((w) => w.x0 < x - ALIGN && w.x1 > x)) continue;
    if (!group.some((s) => s.inside)) continue;
    if (new Set(group.map((s) => s.before)).size === 1) continue;
    out.push(x);
  }
  return out;
}

/**
 * The lines with their pieces parted at the given column edges, between two words. A row of figures is
 * parted wherever its words stand either side of an edge (a run of text may go on across a single space);
 * a heading or a title only where the page starts a new run there ("FEBRUARY 2014" over two columns is
 * one heading).
 */
export function partedAt(
  lines: readonly ChunkLine[],
  edges: readonly number[],
  rows: ReadonlySet<ChunkLine>,
): ChunkLine[] {
  if (edges.length === 0) return [...lines];
  return lines.map((line) => ({
    ...line,
    chunks: line.chunks.flatMap((chunk) => parted(chunk, edges, line.size, rows.has(line))),
  }));
}

function parted(chunk: Chunk, edges: readonly number[], size: number, row: boolean): Chunk[] {
  const words = chunk.words;
  if (words === undefined || words.length < 2) return [chunk];
  const groups: Word[][] = [[words[0]!]];
  for (let k = 1; k < words.length; k++) {
    const word = words[k]!;
    const previous = words[k - 1]!;
    const edge =
      (row || word.item === undefined || word.item !== previous.item) &&
      edges.some((x) => previous.x1 <= x + ALIGN && word.x0 >= x - ALIGN);
    if (edge) groups.push([word]);
    else groups.at(-1)!.push(word);
  }
  if (groups.length === 1) return [chunk];
  return groups.map((group) => ({
    text: group.reduce(
      (text, word, k) =>
        k === 0
          ? word.text
          : text +
            (word.x0 - group[k - 1]!.x1 > 0.15 * size || word.raised || group[k - 1]!.raised ? ' ' : '') +
            word.text,
      '',
    ),
    x0: Math.min(...group.map((w) => w.x0)),
    x1: Math.max(...group.map((w) => w.x1)),
    y0: Math.min(...group.map((w) => w.y0)),
    y1: Math.max(...group.map((w) => w.y1)),
    words: group,
    ...(chunk.space === undefined ? {} : { space: chunk.space }),
  }));
}
