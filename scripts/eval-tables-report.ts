/**
 * The markdown `npm run eval:tables` prints: a row per expected table, then the targets and the totals, over
 * all expected tables and over those whose table of ours is not marked unsure.
 */
import { addCounts, scoresOf, type AdjacencyCount } from './eval-tables-adjacency';
import type { TableResult } from './eval-tables-measure';

export const TARGET_ALL_THREE = 0.98;
export const TARGET_F1 = 0.95;

export interface Totals {
  tables: number;
  found: number;
  unsure: number;
  numeric: number;
  onGlyphs: number;
  placed: number;
  label: number;
  header: number;
  allThree: number;
  adjacency: AdjacencyCount;
  /** Mean of the per-table F1 (a table we did not find scores 0). */
  meanF1: number;
  headerCases: number;
  headerApart: number;
}

export function totalsOf(results: readonly TableResult[]): Totals {
  const cells = results.flatMap((r) => r.cells);
  const cases = results.filter((r) => r.headerApart !== null);
  return {
    tables: results.length,
    found: results.filter((r) => r.ours !== null).length,
    unsure: results.filter((r) => r.ours?.unsure === true).length,
    numeric: cells.length,
    onGlyphs: cells.filter((c) => c.found).length,
    placed: cells.filter((c) => c.placed).length,
    label: cells.filter((c) => c.label).length,
    header: cells.filter((c) => c.header).length,
    allThree: cells.filter((c) => c.placed && c.label && c.header).length,
    adjacency: addCounts(results.map((r) => r.adjacency)),
    meanF1:
      results.length === 0 ? 0 : results.reduce((s, r) => s + scoresOf(r.adjacency).f1, 0) / results.length,
    headerCases: cases.length,
    headerApart: cases.filter((r) => r.headerApart === true).length,
  };
}

const pct = (n: number, of: number) => (of === 0 ? '–' : `${((100 * n) / of).toFixed(1)}%`);
const share = (n: number, of: number) => `${n}/${of}`;
const f2 = (x: number) => x.toFixed(2);
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const escape = (s: string) => s.replace(/\|/g, '\\|');

function row(r: TableResult): string {
  const cells = r.cells;
  const count = (pick: (c: (typeof cells)[number]) => boolean) =>
    share(cells.filter(pick).length, cells.length);
  const s = scoresOf(r.adjacency);
  const ours = r.ours;
  return [
    '',
    `${r.expected.source}/${escape(r.expected.file)}`,
    escape(
      (r.expected.flavor === null ? r.expected.label : `${r.expected.label} · ${r.expected.flavor}`) +
        ('corrected' in r.expected && r.expected.corrected !== undefined ? ' · corrected' : ''),
    ),
    ours ? `p${ours.page} #${ours.index}` : 'no',
    `${ours ? `${ours.rows}×${ours.cols}` : '–'} / ${r.rows}×${r.cols}`,
    count((c) => c.found),
    count((c) => c.placed),
    count((c) => c.label),
    count((c) => c.header),
    count((c) => c.placed && c.label && c.header),
    ours ? `${f2(s.precision)} / ${f2(s.recall)} / ${f2(s.f1)}` : `– / 0.00 / 0.00`,
    r.headerApart === null ? '–' : mark(r.headerApart),
    ours ? (ours.unsure ? 'unsure' : 'sure') : '–',
    '',
  ]
    .join(' | ')
    .trim();
}

function targets(t: Totals): string {
  const all = t.numeric === 0 ? 0 : t.allThree / t.numeric;
  const f1 = scoresOf(t.adjacency).f1;
  return (
    `≥ 98% of numeric cells in the right row and column with the right row label and column header: ` +
    `${pct(t.allThree, t.numeric)} ${mark(t.numeric > 0 && all >= TARGET_ALL_THREE)} · ` +
    `adjacency F1 ≥ 0.95: ${f2(f1)} ${mark(f1 >= TARGET_F1)}`
  );
}

function details(t: Totals): string[] {
  const s = scoresOf(t.adjacency);
  return [
    `- Numeric cells found as figures on their glyphs: ${t.onGlyphs} of ${t.numeric} (${pct(t.onGlyphs, t.numeric)})`,
    `- Numeric cells in the right row and column: ${t.placed} (${pct(t.placed, t.numeric)}); ` +
      `with the right row label: ${t.label} (${pct(t.label, t.numeric)}); ` +
      `with the right column header: ${t.header} (${pct(t.header, t.numeric)}); ` +
      `all three: ${t.allThree} (${pct(t.allThree, t.numeric)})`,
    `- Adjacency relations (ICDAR 2013), micro-averaged: precision ${f2(s.precision)}, recall ${f2(s.recall)}, ` +
      `F1 ${f2(s.f1)} (${t.adjacency.correct} correct of ${t.adjacency.ours} ours, ${t.adjacency.expected} expected); ` +
      `mean per-table F1 ${f2(t.meanF1)}`,
    `- Header rows kept apart: ${t.headerApart} of ${t.headerCases} tables with header rows above a row of numbers ` +
      `(${pct(t.headerApart, t.headerCases)})`,
  ];
}

/**
 * The report: a row per expected table as corrected, then the targets and totals against the tables as the
 * tools read them, and against them corrected (over all, and over the tables we are sure of), and the
 * corrections with what on the page shows them.
 */
export function report(
  results: readonly TableResult[],
  asRead: readonly TableResult[] = results,
  corrections: readonly string[] = [],
): string[] {
  const given = totalsOf(asRead);
  const all = totalsOf(results);
  const sure = totalsOf(results.filter((r) => r.ours !== null && !r.ours.unsure));
  const hasCorrections = corrections.length > 0;
  const of = hasCorrections ? ', corrected' : '';
  const out = [
    '# PDF tables against the development set (../shared/corpus/pdf-tables)',
    '',
    '| file | expected table | ours | rows×cols ours / expected | numeric found | placed | labels | headers | all three | adjacency P / R / F1 | header apart | unsure |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(row),
    '',
    ...(hasCorrections
      ? [`**Targets (the ${given.tables} tables as the tools read them):** ${targets(given)}`]
      : []),
    `**Targets (all ${all.tables} expected tables${of}):** ${targets(all)}`,
    `**Targets (the ${sure.tables} tables we are sure of${of}):** ${sure.tables === 0 ? 'none' : targets(sure)}`,
    '',
    `Tables found: ${all.found} of ${all.tables}; marked unsure: ${all.unsure} of ${all.found} found.`,
  ];
  if (hasCorrections)
    out.push(
      '',
      'Where the page shows a tool’s reading wrong, the expected table is corrected (rows marked “corrected” ' +
        'above; scripts/eval-tables-corrections.ts):',
      ...corrections.map((c) => `- ${c}`),
      '',
      `Over the ${given.tables} tables as the tools read them:`,
      ...details(given),
    );
  out.push(
    '',
    `Over all ${all.tables} expected tables${of}:`,
    ...details(all),
    '',
    `Over the ${sure.tables} tables we are sure of${of}:`,
    ...(sure.tables === 0 ? ['- none'] : details(sure)),
  );
  if (all.found === 0)
    out.push(
      '',
      'No table of ours on these pages: only the first measure (figures on their glyphs) has a value.',
    );
  return out;
}
