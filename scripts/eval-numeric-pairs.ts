/**
 * The operand pairs the wording families are checked over, from one published TAT-QA table: the pairs of
 * cells its two-operand arithmetic questions use, and pairs made from its structure — two line items in
 * one period column, one line item in two period columns, and a line item with the total row it adds up
 * to. Only cells a fact-checker could word without doubt are used: one positive figure each, in a row
 * whose label names one thing once in the table (no numbers, no dates), in a column that holds values
 * rather than changes or percentages of something else, in a unit the claim can state.
 */
import type { FigureWithPosition } from '../shared/api';
import { parseCellRef } from '../shared/structure';
import { derivationOf, type Item } from './eval-numeric-corpus';
import type { Kind } from './eval-numeric-families';
import type { AmountStyle } from './eval-numeric-numbers';
import { compatible, type CellFacts, type PairOf, type Shape } from './eval-numeric-plan';
import { operandOf, type Operand, type Published } from './eval-numeric-service';
import { parsePeriodLabel } from './eval-numeric-wording';

export interface Cell extends CellFacts {
  operand: Operand;
}

export type Pair = PairOf<Cell>;

/** A row label as a claim names it; null when it cannot name one thing (no words, numbers, a date). */
export function claimLabel(rowLabel: string | null): string | null {
  if (rowLabel === null) return null;
  let label = rowLabel.replace(/\s+/g, ' ').trim();
  // Footnote markers and a trailing colon are not part of the name.
  for (let before = ''; before !== label;) {
    before = label;
    label = label
      .replace(/\s*(?:\((?:\d{1,2}|[a-z]|[ivx]{1,4})\)|[*†‡]+)$/i, '')
      .replace(/[\s:;,.]+$/, '')
      .trim();
  }
  if (!/\p{L}{3,}/u.test(label)) return null;
  if (/\d/.test(label)) return null;
  if (/^(?:less|add|plus|minus|of which)\b/i.test(label)) return null;
  if (label.split(' ').length > 10) return null;
  return label;
}

/** A column of changes, differences or percentages of something else: its cells are no line items. */
const DERIVED_COLUMN =
  /change|variance|differen|increase|decrease|%|percent|\bover\b|\bvs\.?|versus|adjust|effect|growth/i;

/** A row whose figures a bare amount cannot state: per-share amounts, prices, rates, ratios, durations. */
const UNCLEAR_UNIT =
  /^(?:basic|diluted)\b|per (?:common |basic |diluted )?share|per unit|\beps\b|price|\bratios?\b|\brates?\b|margin|percent|%|yield|\bdays?\b|\byears?\b|\bmonths?\b|\bweeks?\b|\bage\b|lives|\bterm\b|\btimes\b|multiple/i;

/** Column headers over such figures ("Weighted-average exercise price", "Useful life (in years)"). */
const UNCLEAR_HEADER =
  /per (?:common |basic |diluted )?share|price|\bratios?\b|\brates?\b|margin|percent|%|yield|\bdays\b|lives|\blife\b|\bterm\b|in years|in months|\bage\b/i;

/** A row that counts things: no currency, "fewer" rather than "less". */
const COUNT_ROW =
  /\b(?:number|shares|employees|headcount|units|customers|stores|restaurants|franchisees|options|rights|awards|people|staff|contracts|sites|locations|facilities|plants|branches|outlets|countries|members|patents|users|vessels|ships|aircraft|accounts|holders|subscribers)\b/i;

/** Column headers that name what the rows have, and how "had more …" writes it. */
const MEASURES: readonly [RegExp, string][] = [
  [/^net sales$/i, 'net sales'],
  [/^sales$/i, 'sales'],
  [/^net revenues?$/i, 'net revenue'],
  [/^revenues?$/i, 'revenue'],
];

function decimalsOfRaw(raw: string): number {
  const m = /\d\.(\d+)/.exec(raw);
  return m ? m[1]!.length : 0;
}

/** The table's cells a claim can name, by figure index. */
export function cellsOf(pub: Published): Map<number, Cell> {
  const { unit } = pub;
  const sheet = unit.sheet;
  const cells = new Map<number, Cell>();
  if (!sheet) return cells;
  const inCell = new Map<string, FigureWithPosition[]>();
  for (const f of unit.figures)
    if (f.position.kind === 'cell') inCell.set(f.position.ref, [...(inCell.get(f.position.ref) ?? []), f]);
  const valueRows = new Set<number>();
  for (const ref of inCell.keys()) valueRows.add(parseCellRef(ref)?.row ?? 0);
  const textAt = new Map<string, string>();
  for (const c of sheet.cells) textAt.set(c.ref, c.text.trim());
  const headersOf = (letters: string, row: number): string[] => {
    const out: string[] = [];
    for (let r = 1; r < row; r++) {
      const text = textAt.get(`${letters}${r}`);
      if (text && !valueRows.has(r)) out.push(text);
    }
    return out;
  };

  const candidates: Cell[] = [];
  for (const [ref, figures] of inCell) {
    if (figures.length !== 1) continue;
    const f = figures[0]!;
    const at = parseCellRef(ref);
    if (!at || f.ambiguous || f.sign < 0 || f.value <= 0) continue;
    const operand = operandOf(pub, f);
    const { context } = operand;
    const label = claimLabel(context.rowLabel);
    if (label === null) continue;
    if (headersOf(at.letters, at.row).some((h) => DERIVED_COLUMN.test(h))) continue;
    const headers = headersOf(at.letters, at.row).join(' ');
    let style: AmountStyle;
    let kind: Kind;
    const decimals = decimalsOfRaw(f.raw);
    if (f.unitClass === 'percent') {
      style = { unit: 'points', currency: null, scale: 1, decimals };
      kind = 'rate';
    } else if (UNCLEAR_UNIT.test(label) || UNCLEAR_HEADER.test(headers)) {
      continue;
    } else if (f.unitClass === 'currency' && f.unit !== null) {
      style = { unit: 'currency', currency: f.unit, scale: f.scale, decimals };
      kind = 'amount';
    } else if (f.unitClass === 'none') {
      const counts = COUNT_ROW.test(label) || COUNT_ROW.test(headers);
      // A sheet that writes one currency reads every bare figure in it: a count there is no amount.
      if (context.tableCurrency !== null) {
        if (counts) continue;
        style = { unit: 'currency', currency: context.tableCurrency, scale: f.scale, decimals };
        kind = 'amount';
      } else {
        style = { unit: 'plain', currency: null, scale: f.scale, decimals };
        kind = counts ? 'count' : 'amount';
      }
    } else continue;
    const measure = MEASURES.find(([re]) => re.test(context.columnLabel ?? ''))?.[1] ?? null;
    candidates.push({
      operand,
      label,
      period: context.period,
      value: f.value,
      style,
      kind,
      total: /^(?:grand )?total\b/i.test(label),
      measure,
      row: at.row,
      col: at.col,
    });
  }
  // A label that names two rows names neither.
  const rowsOf = new Map<string, Set<number>>();
  for (const c of candidates) {
    const key = c.label.toLowerCase();
    rowsOf.set(key, (rowsOf.get(key) ?? new Set()).add(c.row));
  }
  for (const c of candidates)
    if (rowsOf.get(c.label.toLowerCase())!.size === 1) cells.set(c.operand.figure.index, c);
  return cells;
}

function samePeriodKind(a: string, b: string): boolean {
  const pa = parsePeriodLabel(a);
  const pb = parsePeriodLabel(b);
  return pa !== null && pb !== null && pa.kind === pb.kind && (pa.year !== pb.year || pa.n !== pb.n);
}

function shapeOf(a: CellFacts, b: CellFacts): Shape | null {
  if (a.row !== b.row) return a.label.toLowerCase() === b.label.toLowerCase() ? null : 'rows';
  if (a.period !== null && b.period !== null && samePeriodKind(a.period, b.period)) return 'periods';
  return null;
}

/** The pairs this table's two-operand arithmetic questions use (both cells nameable, one figure each). */
export function derivationPairs(item: Item, cells: ReadonlyMap<number, Cell>): Pair[] {
  const out: Pair[] = [];
  const seen = new Set<string>();
  const byValue = (value: number): Cell | null => {
    const hits = [...cells.values()].filter((c) => Math.abs(c.operand.figure.magnitude - value) < 1e-9);
    return hits.length === 1 ? hits[0]! : null;
  };
  for (const q of item.questions) {
    if (q.answer_type !== 'arithmetic') continue;
    const d = derivationOf(q.derivation);
    if (!d || d.a <= 0 || d.b <= 0) continue;
    const a = byValue(d.a);
    const b = byValue(d.b);
    if (!a || !b || a === b || !compatible(a, b)) continue;
    const key = `${a.operand.figure.index}:${b.operand.figure.index}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const share = d.form === 'div' && q.scale === 'percent' && a.value < b.value && a.row !== b.row;
    const parts = d.form === 'add' && a.row !== b.row;
    const shape = share ? 'share' : parts ? 'parts' : shapeOf(a, b);
    if (shape !== null) out.push({ table: item.table.uid, a, b, shape, source: 'derivation' });
  }
  return out;
}

/**
 * The rows above `total` in its column that add up to it: the block between it and the previous total or
 * a row with no figure there. Null when they do not add up (within rounding), so no part is claimed of a
 * total it is not part of.
 */
function blockOf(total: Cell, column: readonly Cell[], figureRows: ReadonlySet<number>): Cell[] | null {
  const byRow = new Map(column.map((c) => [c.row, c]));
  const parts: Cell[] = [];
  for (let row = total.row - 1; row >= 1; row--) {
    const c = byRow.get(row);
    if (!c) {
      if (figureRows.has(row)) return null; // a figure there no claim can name: the sum is unknown
      break;
    }
    if (c.total) break;
    parts.push(c);
  }
  if (parts.length < 2) return null;
  const sum = parts.reduce((s, c) => s + c.value, 0);
  const slack = parts.length * 0.5 * 10 ** -total.style.decimals * total.style.scale;
  return Math.abs(sum - total.value) <= Math.max(slack, 1e-9 * total.value) ? parts : null;
}

/**
 * Pairs from the table's structure: line items in one period column, one line item in two, a line item and
 * its total, two line items of one total.
 */
export function structurePairs(table: string, cells: ReadonlyMap<number, Cell>, pub: Published): Pair[] {
  const out: Pair[] = [];
  const list = [...cells.values()];
  const byCol = new Map<number, Cell[]>();
  for (const c of list) byCol.set(c.col, [...(byCol.get(c.col) ?? []), c]);
  // Rows holding a figure, by column: a figure this table cannot name still counts towards a total.
  const figureRows = new Map<number, Set<number>>();
  for (const f of pub.unit.figures) {
    const at = f.position.kind === 'cell' ? parseCellRef(f.position.ref) : null;
    if (at) figureRows.set(at.col, (figureRows.get(at.col) ?? new Set()).add(at.row));
  }

  for (const column of byCol.values()) {
    column.sort((x, y) => x.row - y.row);
    for (let i = 0; i < column.length; i++)
      for (let j = i + 1; j < column.length; j++) {
        const a = column[i]!;
        const b = column[j]!;
        if (a.period === null || a.period !== b.period || !compatible(a, b)) continue;
        if (shapeOf(a, b) === 'rows') out.push({ table, a, b, shape: 'rows', source: 'structure' });
      }
    for (const total of column.filter((c) => c.total && c.kind !== 'rate')) {
      const parts = blockOf(
        total,
        column.filter((c) => compatible(c, total)),
        figureRows.get(total.col) ?? new Set(),
      );
      for (const part of parts ?? [])
        if (part.value < total.value)
          out.push({ table, a: part, b: total, shape: 'share', source: 'structure' });
      // Two line items of a block that adds up: what a sum claim adds, in table order.
      const items = [...(parts ?? [])].reverse();
      for (let i = 0; i < items.length; i++)
        for (let j = i + 1; j < items.length; j++)
          if (compatible(items[i]!, items[j]!))
            out.push({ table, a: items[i]!, b: items[j]!, shape: 'parts', source: 'structure' });
    }
  }
  const byRow = new Map<number, Cell[]>();
  for (const c of list) byRow.set(c.row, [...(byRow.get(c.row) ?? []), c]);
  for (const row of byRow.values())
    for (let i = 0; i < row.length; i++)
      for (let j = i + 1; j < row.length; j++) {
        const a = row[i]!;
        const b = row[j]!;
        if (compatible(a, b) && shapeOf(a, b) === 'periods')
          out.push({ table, a, b, shape: 'periods', source: 'structure' });
      }
  return out;
}

/** Every pair of one table: its questions' first, then its structure's not already among them. */
export function pairsOf(item: Item, pub: Published): Pair[] {
  const cells = cellsOf(pub);
  const fromQuestions = derivationPairs(item, cells);
  const key = (p: Pair) =>
    [p.a.operand.figure.index, p.b.operand.figure.index].sort((x, y) => x - y).join(':') + `:${p.shape}`;
  const seen = new Set(fromQuestions.map(key));
  return [...fromQuestions, ...structurePairs(item.table.uid, cells, pub).filter((p) => !seen.has(key(p)))];
}
