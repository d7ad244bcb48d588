/**
 * The "PDF renderings" section of `npm run eval:numeric`: the wording families' claims checked again over
 * the same tables drawn on a PDF page (scripts/eval-numeric-pdf-render.ts) and read back by the PDF reader,
 * so a check over a table on a page can be compared with the same check over its csv. Each claim's two
 * cells are mapped to the figures the reader found where those cells were drawn; the claim is then checked
 * exactly as the families section checks it (both operand orders in process, one over HTTP).
 */
import type { FigureWithPosition, Unit } from '../shared/api';
import { parseCellRef } from '../shared/structure';
import { tableNote, type Item } from './eval-numeric-corpus';
import { FAMILIES, fraction, type Family } from './eval-numeric-families';
import {
  answerText,
  count,
  falseSupported,
  otherMeasureDecided,
  head,
  isTrue,
  mark,
  misleading,
  misleadingOrders,
  named,
  supportedBoth,
  total,
  tri,
  trueContradicted,
  zero,
  type Counts,
} from './eval-numeric-families-report';
import {
  checkOrders,
  orderDependent,
  ORDERS,
  type Answer,
  type ClaimResult,
  type FamiliesResult,
  type Order,
} from './eval-numeric-families-run';
import { escalationReasons } from './eval-numeric-fixed';
import type { Cell } from './eval-numeric-pairs';
import { renderTable, type DrawnCell, type RenderedTable } from './eval-numeric-pdf-render';
import { operandOf, tableCsv, type EvalService, type Published } from './eval-numeric-service';
import { percentile } from './eval-numeric-wording';

/** PDF-rendered claims must be supported at least this share of the time their csv ones are. */
export const RATIO_TARGET = 0.95;
/** Dev examples listed of true claims supported over the csv but not over the page. */
const EXAMPLES = 8;
/** Claims not mapped listed (dev only). */
const UNMAPPED_LISTED = 10;
/** How much a figure's box centre may stray outside the rectangle its cell was drawn in (rounding). */
const SLACK = 0.5;

/** One claim of the families section, and the same claim over the page. */
export interface PdfClaim {
  csv: ClaimResult;
  /** The claim with its operands mapped to the page's figures and its answers there; null when not mapped. */
  pdf: ClaimResult | null;
  /** Why the claim's cells could not be mapped to figures on the page. */
  unmapped: string | null;
  /** Where the reader put each mapped figure (`placement`), x's then y's; empty when not mapped. */
  placements: string[];
}

export interface PdfResult {
  /** Tables the families section's claims are over, and how many of them were rendered (the subset). */
  tablesWithClaims: number;
  tablesRendered: number;
  /** The share of tables rendered: 1 for every table, less for a subset drawn by a hash of the uid. */
  share: number;
  /** Rendered tables whose page could not be published. */
  unpublished: number;
  /** Pages by what the reader made of them: one table, one it was unsure of, none, several. */
  pages: { table: number; unsure: number; none: number; several: number };
  claims: PdfClaim[];
  publishMs: number[];
  engineMs: number[];
  httpMs: number[];
  /** Claims whose HTTP outcome over the page differed from the engine's, per order. */
  mismatches: { result: ClaimResult; order: Order }[];
  /** Wall time of the whole section. */
  ms: number;
}

export interface RunPdfOptions {
  /** The share of tables to render (a stable hash of the uid decides), every claim of each. Default 1. */
  share?: number;
}

/** Whether a table is drawn ruled (a grid of lines): half of them, by a stable hash of the uid. */
export function ruledTable(uid: string): boolean {
  return inSubset(`${uid}:ruled`, 0.5);
}

/**
 * Whether a table drawn by alignment has its group headings centred over their columns: half of them, by a
 * stable hash of the uid (the other half sets them flush over the first column of the group).
 */
export function centredTable(uid: string): boolean {
  return !ruledTable(uid) && inSubset(`${uid}:centred`, 0.5);
}

/** Whether a table is in the rendered subset: a stable hash of its uid, independent of the dev split. */
export function inSubset(uid: string, share: number): boolean {
  return share >= 1 || fraction(`pdf:${uid}`) < share;
}

function sameValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), 1);
}

const centreOf = (f: FigureWithPosition) =>
  f.position.kind === 'box'
    ? { x: f.position.x + f.position.width / 2, y: f.position.y + f.position.height / 2 }
    : null;

/** What a figure of a csv cell maps to on the page: the figure, or why there is none. */
export type Mapped = { figure: FigureWithPosition } | { problem: string };

/**
 * The figure of the page drawn in the same cell as csv figure `figure`: among the page's figures whose box
 * centre lies in the rectangle the cell was drawn in, left to right, the one at the csv figure's place
 * among its cell's figures, when its value is the csv figure's. `noted`: the csv has the scale note on a
 * first line of its own, so its rows are one below the table's.
 */
export function mapFigure(
  figure: FigureWithPosition,
  csvFigures: readonly FigureWithPosition[],
  noted: boolean,
  drawn: readonly DrawnCell[],
  pageFigures: readonly FigureWithPosition[],
): Mapped {
  const position = figure.position;
  if (position.kind !== 'cell') return { problem: 'csv figure not in a cell' };
  const at = parseCellRef(position.ref);
  if (!at) return { problem: 'csv cell reference unreadable' };
  const row = at.row - 1 - (noted ? 1 : 0);
  const col = at.col - 1;
  const cell = drawn.find((c) => c.row === row && c.col === col);
  if (!cell) return { problem: 'csv cell not drawn' };
  const nth = csvFigures
    .filter((f) => f.position.kind === 'cell' && f.position.ref === position.ref)
    .sort((a, b) => a.span.start - b.span.start)
    .findIndex((f) => f.index === figure.index);
  if (nth < 0) return { problem: 'csv figure not among its sheet’s figures' };
  const inside = pageFigures
    .filter((f) => {
      const c = centreOf(f);
      return (
        c !== null &&
        c.x >= cell.x0 - SLACK &&
        c.x <= cell.x1 + SLACK &&
        c.y >= cell.top - SLACK &&
        c.y <= cell.bottom + SLACK
      );
    })
    .sort((a, b) => centreOf(a)!.x - centreOf(b)!.x);
  if (inside.length === 0) return { problem: 'no figure read where the cell was drawn' };
  const found = inside[nth];
  if (!found) return { problem: 'fewer figures read in the cell than the csv has' };
  if (sameValue(found.value, figure.value)) return { figure: found };
  const ratio = found.value / figure.value;
  const scale = [-9, -6, -3, 3, 6, 9].find((e) => sameValue(ratio, 10 ** e));
  return {
    problem:
      scale === undefined
        ? 'value read differently'
        : `value read at another scale (the page's is 10^${scale} times the csv's)`,
  };
}

/** One table drawn and published as a page. */
interface PageOf {
  rendered: RenderedTable;
  noted: boolean;
  pub: Published | null;
  csvFigures: FigureWithPosition[];
}

/** Where the reader put a figure of the page: in a table's body cell, or why its headers are not read. */
export function placement(unit: Unit, f: FigureWithPosition): string {
  const cell = f.position.kind === 'box' ? f.position.cell : undefined;
  if (cell === undefined) return 'in no table cell';
  const table = unit.page?.tables?.find((t) => t.index === cell.table);
  if (!table) return 'in a table not on the page';
  if (table.unsure) return 'in a table the reader was unsure of';
  if (cell.row < table.headerRows) return 'in a header row';
  if (cell.col < table.labelCols) return 'in a label column';
  return table.headerRows === 0 ? 'in a body cell of a table read without header rows' : 'in a body cell';
}

function pageKind(unit: Unit | undefined): keyof PdfResult['pages'] {
  const tables = unit?.page?.tables ?? [];
  if (tables.length === 0) return 'none';
  if (tables.length > 1) return 'several';
  return tables[0]!.unsure ? 'unsure' : 'table';
}

export async function runPdf(
  items: readonly Item[],
  service: EvalService,
  families: FamiliesResult,
  options: RunPdfOptions = {},
): Promise<PdfResult> {
  const started = performance.now();
  const share = options.share ?? 1;
  const byUid = new Map(items.map((item) => [item.table.uid, item]));
  const withClaims = new Set(families.results.map((x) => x.plan.table));
  const r: PdfResult = {
    tablesWithClaims: withClaims.size,
    tablesRendered: 0,
    share,
    unpublished: 0,
    pages: { table: 0, unsure: 0, none: 0, several: 0 },
    claims: [],
    publishMs: [],
    engineMs: [],
    httpMs: [],
    mismatches: [],
    ms: 0,
  };

  const pages = new Map<string, PageOf | null>();
  const pageOf = async (uid: string): Promise<PageOf | null> => {
    if (pages.has(uid)) return pages.get(uid) ?? null;
    const item = byUid.get(uid);
    const note = item ? tableNote(item) : null;
    const csvText = item ? tableCsv(item.table.table, note) : '';
    // The sheet the families section published (the service keeps it by its csv): its figures say which
    // of a cell's figures a claim's is.
    const sheet = item ? await service.publish(csvText) : null;
    if (!item || !sheet) {
      pages.set(uid, null);
      return null;
    }
    // Half the tables (a stable hash decides) are drawn as grids of lines, half by alignment alone, and
    // half of those with their group headings centred over their columns.
    const drawn = renderTable(item.table.table, note, ruledTable(uid), centredTable(uid));
    const sent = performance.now();
    const pub = await service.publishPdf(drawn.bytes, csvText);
    r.publishMs.push(performance.now() - sent);
    r.tablesRendered++;
    if (pub) r.pages[pageKind(pub.unit)]++;
    else r.unpublished++;
    const page: PageOf = { rendered: drawn, noted: note !== null, pub, csvFigures: sheet.unit.figures };
    pages.set(uid, page);
    return page;
  };

  for (const csv of families.results) {
    if (!inSubset(csv.plan.table, share)) continue;
    const page = await pageOf(csv.plan.table);
    if (!page?.pub) {
      r.claims.push({
        csv,
        pdf: null,
        unmapped: page ? 'page not published' : 'table not found',
        placements: [],
      });
      continue;
    }
    const pub = page.pub;
    const mapCell = (c: Cell): Cell | string => {
      const m = mapFigure(
        c.operand.figure,
        page.csvFigures,
        page.noted,
        page.rendered.cells,
        pub.unit.figures,
      );
      return 'problem' in m ? m.problem : { ...c, operand: operandOf(pub, m.figure) };
    };
    const x = mapCell(csv.plan.x);
    const y = mapCell(csv.plan.y);
    if (typeof x === 'string' || typeof y === 'string') {
      r.claims.push({ csv, pdf: null, unmapped: typeof x === 'string' ? x : (y as string), placements: [] });
      continue;
    }
    const onPage = new Map<Cell, Cell>([
      [csv.plan.x, x],
      [csv.plan.y, y],
    ]);
    const operands = {} as Record<Order, [Cell, Cell]>;
    for (const order of ORDERS) {
      const [a, b] = csv.operands[order];
      operands[order] = [onPage.get(a)!, onPage.get(b)!];
    }
    const answers = await checkOrders(
      service,
      `${csv.plan.key}|${csv.claim.truth}`,
      csv.claim.text,
      (order) => operands[order].map((c) => c.operand),
      r,
    );
    const pdf: ClaimResult = { ...csv, plan: { ...csv.plan, x, y }, operands, answers };
    r.claims.push({
      csv,
      pdf,
      unmapped: null,
      placements: [x, y].map((c) => placement(pub.unit, c.operand.figure)),
    });
    for (const order of ORDERS)
      if (answers[order].http !== null && answers[order].http !== answers[order].outcome)
        r.mismatches.push({ result: pdf, order });
  }
  r.ms = performance.now() - started;
  return r;
}

// --- report ------------------------------------------------------------------------------------------

const namedTrue = (x: PdfClaim) => isTrue(x.csv) && named(x.csv);
const csvSupported = (x: PdfClaim) => supportedBoth(x.csv);
const pdfSupported = (x: PdfClaim) => x.pdf !== null && supportedBoth(x.pdf);
/** The claims assessed over the page (mapped), as the families section's results are. */
const overPage = (r: PdfResult) => r.claims.flatMap((x) => (x.pdf ? [x.pdf] : []));

function countOf(list: readonly PdfClaim[], test: (x: PdfClaim) => boolean): Counts {
  return count(
    list.filter(test).map((x) => x.csv),
    () => true,
  );
}

const ratioOf = (pdf: number, csv: number) => (csv === 0 ? Number.NaN : pdf / csv);
const ratioText = (pdf: number, csv: number) => (csv === 0 ? '–' : `${ratioOf(pdf, csv).toFixed(2)}×`);

/** "0.97× (0.98×/0.96×)": over all, then dev / held-out. */
function triRatio(pdf: Counts, csv: Counts): string {
  return `${ratioText(total(pdf), total(csv))} (${ratioText(pdf.dev, csv.dev)}/${ratioText(pdf['held-out'], csv['held-out'])})`;
}

const subsetText = (r: PdfResult) =>
  r.share >= 1 ? '' : ` (a ${Math.round(r.share * 100)}% subset of tables, by a hash of the uid)`;

/** The section's Targets line. */
export function pdfTargets(r: PdfResult): string {
  const list = r.claims.filter(namedTrue);
  const csv = list.filter(csvSupported).length;
  const pdf = list.filter(pdfSupported).length;
  const ratio = ratioOf(pdf, csv);
  const page = overPage(r);
  const fs = page.filter(falseSupported).length;
  const tc = page.filter(trueContradicted).length;
  const om = page.filter(otherMeasureDecided).length;
  return (
    `**Targets (PDF renderings${subsetText(r)}):** ${mark(csv === 0 || ratio >= RATIO_TARGET)} supported ≥ ` +
    `${RATIO_TARGET.toFixed(2)}× CSV (${ratioText(pdf, csv)}) · ${mark(fs === 0)} false supported ${fs} (0) · ` +
    `${mark(tc === 0)} true contradicted ${tc} (0) · ${mark(om === 0)} another measure decided ${om} (0)`
  );
}

/** Whether the section fails its bars (false supported, true contradicted, another measure decided). */
export function pdfFail(r: PdfResult): boolean {
  const page = overPage(r);
  return page.some(falseSupported) || page.some(trueContradicted) || page.some(otherMeasureDecided);
}

/** "Revenue · 2019 · 2019": what a context shows of a figure's row, column and period. */
function contextText(c: Cell): string {
  const { rowLabel, columnLabel, period } = c.operand.context;
  return `${rowLabel ?? '(no row label)'} · ${columnLabel ?? '(no column label)'} · ${period ?? '(no period)'}`;
}

const CONTEXT_FIELDS = ['rowLabel', 'columnLabel', 'period', 'basis', 'noteScale', 'tableCurrency'] as const;

/** How the page's contexts of a claim's operands differ from the csv's: "period missing on the page". */
function contextDifferences(x: PdfClaim): string[] {
  if (!x.pdf) return [];
  const out = new Set<string>();
  const pairs: [Cell, Cell][] = [
    [x.csv.plan.x, x.pdf.plan.x],
    [x.csv.plan.y, x.pdf.plan.y],
  ];
  for (const [a, b] of pairs)
    for (const field of CONTEXT_FIELDS) {
      const p = a.operand.context[field];
      const q = b.operand.context[field];
      if (p === q) continue;
      out.add(
        `${field} ${p === null ? 'only on the page' : q === null ? 'missing on the page' : 'different on the page'}`,
      );
    }
  return [...out];
}

/** Why one order of a claim over the page was not supported. */
function pageReasons(a: Answer): string[] {
  if (a.outcome === 'not_applicable') return ['not read: no relation found'];
  if (a.outcome === 'contradicted') return ['contradicted'];
  return escalationReasons(a.explained);
}

function tally<K extends string>(
  entries: Iterable<[K, PdfClaim]>,
): Map<K, { n: Counts; families: Map<Family, number> }> {
  const out = new Map<K, { n: Counts; families: Map<Family, number> }>();
  for (const [key, x] of entries) {
    const e = out.get(key) ?? { n: zero(), families: new Map<Family, number>() };
    e.n[x.csv.half]++;
    e.families.set(x.csv.plan.family, (e.families.get(x.csv.plan.family) ?? 0) + 1);
    out.set(key, e);
  }
  return out;
}

function tallyLines(t: ReturnType<typeof tally>, limit = Number.POSITIVE_INFINITY): string[] {
  return [...t]
    .sort((p, q) => total(q[1].n) - total(p[1].n) || p[0].localeCompare(q[0]))
    .slice(0, limit)
    .map(([key, e]) => {
      const families = [...e.families]
        .sort((p, q) => q[1] - p[1])
        .map(([f, n]) => `${f} ${n}`)
        .join(', ');
      return `- ${key} × ${tri(e.n)} (${families})`;
    });
}

function cellText(c: Cell): string {
  const f = c.operand.figure;
  return `${f.position.kind === 'cell' ? f.position.ref : '?'} "${f.raw.trim()}"`;
}

export function reportPdf(r: PdfResult): string[] {
  const out: string[] = [];
  const log = (line = '') => out.push(line);
  const all = r.claims;
  const page = overPage(r);
  const csvOfMapped = all.filter((x) => x.pdf !== null).map((x) => x.csv);

  log(`# PDF renderings: the families' claims over the same tables drawn on a page${subsetText(r)}\n`);
  log(pdfTargets(r));
  log(
    '\nEach table a claim is over is drawn on a one-page PDF as a report prints it (Helvetica 8 pt, one row ' +
      'per 11 pt baseline, labels left-aligned, every other column right-aligned at least 18 pt from the ' +
      'previous one, the scale note the csv is published with on a line above), uploaded, read by the PDF ' +
      'reader (OCR off) and published as a page. Each claim’s two csv cells are mapped to the figures the ' +
      'reader found where those cells were drawn (box centre inside the drawn text, the same place among ' +
      'the cell’s figures, the same value); the claim is then checked exactly as over the csv: both operand ' +
      'orders in process, one order over HTTP. Half the tables (by a hash of the uid) are drawn as a grid ' +
      'of lines, a line between every two rows and columns and a frame round them; half of the others set ' +
      'each heading that heads a group of columns centred over the group, the rest flush over its first ' +
      'column. A claim whose cells ' +
      'cannot be mapped is "not mapped" (a ' +
      'reader problem) and counts as not supported over the page. Numbers are "all (dev/held-out)".\n',
  );
  const share = r.share >= 1 ? 'every table' : `${Math.round(r.share * 100)}% of them, by a hash of the uid`;
  log(
    `Tables: ${r.tablesRendered} drawn of the ${r.tablesWithClaims} the claims are over (${share}); ` +
      `the reader found one table on ${r.pages.table} pages, one it was unsure of on ${r.pages.unsure}, ` +
      `none on ${r.pages.none}, several on ${r.pages.several}` +
      (r.unpublished > 0 ? `; ${r.unpublished} could not be published as a page` : '') +
      '.',
  );
  const sum = r.publishMs.reduce((s, ms) => s + ms, 0);
  log(
    `Publishing a page (upload, read, figures): p50 ${percentile(r.publishMs, 50).toFixed(0)} ms, ` +
      `p95 ${percentile(r.publishMs, 95).toFixed(0)} ms, ${(sum / 1000).toFixed(1)} s in all; the section ` +
      `took ${(r.ms / 1000).toFixed(1)} s.`,
  );
  log(
    `Claims: ${tri(countOf(all, () => true))}; mapped to the page ${tri(countOf(all, (x) => x.pdf !== null))}, ` +
      `not mapped ${tri(countOf(all, (x) => x.pdf === null))}. Numeric check over the page in process: p50 ` +
      `${percentile(r.engineMs, 50).toFixed(2)} ms, p95 ${percentile(r.engineMs, 95).toFixed(2)} ms; over HTTP: ` +
      `p50 ${percentile(r.httpMs, 50).toFixed(2)} ms, p95 ${percentile(r.httpMs, 95).toFixed(2)} ms.`,
  );
  log(
    `HTTP outcome ≠ engine outcome over the page: ${r.mismatches.length}` +
      (r.mismatches.length > 0 ? ' (a bug: the service and the engine must agree)' : ''),
  );
  for (const { result, order } of r.mismatches.filter((m) => m.result.half === 'dev').slice(0, 10))
    log(
      `  - ${head(result)} (${order}): http ${result.answers[order].http}, engine ${result.answers[order].outcome}`,
    );

  // --- supported, csv vs page ---
  log('\n## Supported in both orders, true claims that name their things and periods: CSV vs PDF\n');
  log(`| family | claims | over CSV | over PDF | PDF/CSV (target ≥ ${RATIO_TARGET.toFixed(2)}×) |`);
  log('|---|---|---|---|---|');
  const row = (name: string, list: readonly PdfClaim[]) => {
    const csv = countOf(list, csvSupported);
    const pdf = countOf(list, pdfSupported);
    const ok = total(csv) === 0 || ratioOf(total(pdf), total(csv)) >= RATIO_TARGET;
    log(
      `| ${name} | ${tri(countOf(list, () => true))} | ${tri(csv)} | ${tri(pdf)} | ${mark(ok)} ${triRatio(pdf, csv)} |`,
    );
  };
  for (const family of FAMILIES) {
    if (family === 'times more') continue;
    row(
      family,
      all.filter((x) => x.csv.plan.family === family && namedTrue(x)),
    );
  }
  const namedList = all.filter(namedTrue);
  row(
    'tables drawn as grids of lines',
    namedList.filter((x) => ruledTable(x.csv.plan.table)),
  );
  row(
    'tables drawn by alignment alone',
    namedList.filter((x) => !ruledTable(x.csv.plan.table)),
  );
  row(
    '… with group headings centred over their columns',
    namedList.filter((x) => centredTable(x.csv.plan.table)),
  );
  row('**all**', namedList);
  log(
    `\n(${tri(countOf(namedList, (x) => x.pdf === null))} of these claims were not mapped to the page and count ` +
      'as not supported over it.)',
  );

  // --- bars and counts ---
  log('\n## Bars and counts: the mapped claims over the CSV and over the PDF\n');
  log('| | over CSV | over PDF |');
  log('|---|---|---|');
  const line = (name: string, test: (x: ClaimResult) => boolean) =>
    log(`| ${name} | ${tri(count(csvOfMapped, test))} | ${tri(count(page, test))} |`);
  line('claims', () => true);
  line('false supported (any order; the bar is 0)', falseSupported);
  line('true contradicted (any order; the bar is 0)', trueContradicted);
  line('another measure decided (any order; the bar is 0)', otherMeasureDecided);
  line('order-dependent', orderDependent);
  line('misleading arithmetic', misleading);
  log(`| not mapped | – | ${tri(countOf(all, (x) => x.pdf === null))} |`);

  const withContexts = (x: ClaimResult, orders: readonly Order[], why: (a: Answer) => string) => {
    const over = all.find((c) => c.pdf === x);
    const contexts = over
      ? ` — A: CSV ${contextText(over.csv.operands['as worded'][0])} → PDF ${contextText(x.operands['as worded'][0])}` +
        `; B: CSV ${contextText(over.csv.operands['as worded'][1])} → PDF ${contextText(x.operands['as worded'][1])}`
      : '';
    return (
      `${head(x)}${contexts} — ` +
      orders.map((o) => `${o}: ${answerText(x.answers[o])}: ${why(x.answers[o])}`).join(' | ')
    );
  };
  const lists: [string, ClaimResult[], (x: ClaimResult) => Order[], (a: Answer) => string, number][] = [
    [
      'False claims supported over the PDF',
      page.filter(falseSupported),
      (x) => ORDERS.filter((o) => x.answers[o].outcome === 'supported'),
      (a) => a.explained.assessment.reason,
      Number.POSITIVE_INFINITY,
    ],
    [
      'True claims contradicted over the PDF',
      page.filter(trueContradicted),
      (x) => ORDERS.filter((o) => x.answers[o].outcome === 'contradicted'),
      (a) => a.explained.assessment.reason,
      Number.POSITIVE_INFINITY,
    ],
    [
      // The claims' truth is the csv's reading of the table: where the page reads a period or a label
      // differently, the arithmetic over the page may hold on a "false" claim or fail on a "true" one
      // because the csv's reading was the wrong one, so these are shown with both readings.
      'Misleading arithmetic over the PDF (truth as the CSV reads the table)',
      page.filter(misleading),
      misleadingOrders,
      (a) => a.explained.assessment.arithmetic?.reason ?? '',
      EXAMPLES,
    ],
  ];
  for (const [title, list, orders, why, shown] of lists) {
    if (list.length === 0) continue;
    log(`\n### ${title}: ${tri(count(list, () => true))}\n`);
    const dev = list.filter((c) => c.half === 'dev');
    for (const x of dev.slice(0, shown)) log(`- ${withContexts(x, orders(x), why)}`);
    if (dev.length > shown) log(`- … ${dev.length - shown} more in dev`);
  }

  // --- not mapped ---
  const unmapped = all.filter((x) => x.pdf === null);
  log(`\n## Claims not mapped to the page: ${tri(countOf(unmapped, () => true))}\n`);
  if (unmapped.length > 0) {
    out.push(...tallyLines(tally(unmapped.map((x) => [x.unmapped ?? '(no reason)', x]))));
    const devUnmapped = unmapped.filter((x) => x.csv.half === 'dev');
    if (devUnmapped.length > 0) log('\nFirst dev ones:\n');
    for (const x of devUnmapped.slice(0, UNMAPPED_LISTED))
      log(
        `- ${head(x.csv)} — cells ${cellText(x.csv.plan.x)}, ${cellText(x.csv.plan.y)} (table ${x.csv.plan.table}): ${x.unmapped}`,
      );
  }

  // --- why the page lost claims the csv supports ---
  const lost = namedList.filter((x) => csvSupported(x) && !pdfSupported(x));
  log(
    `\n## Why true naming claims supported over the CSV were not over the PDF: ${tri(countOf(lost, () => true))} claims\n`,
  );
  log(
    'Over the CSV these claims were supported in both orders, so every reason below is one the page adds. ' +
      'Each line: reason × claims (a claim counted once per reason, whichever order had it), all ' +
      '(dev/held-out), by family.\n',
  );
  const whysOf = new Map<PdfClaim, Set<string>>();
  for (const x of lost) {
    const whys = new Set<string>();
    if (!x.pdf) whys.add(`not mapped: ${x.unmapped}`);
    else
      for (const o of ORDERS)
        if (x.pdf.answers[o].outcome !== 'supported')
          for (const why of pageReasons(x.pdf.answers[o])) whys.add(why);
    whysOf.set(x, whys);
  }
  const reasons = tally(
    [...whysOf].flatMap(([x, whys]) => [...whys].map((w) => [w, x] as [string, PdfClaim])),
  );
  out.push(...tallyLines(reasons));
  log(
    '\nHow the operands’ contexts over the page differ from the CSV’s, over the same claims (mapped ones):\n',
  );
  const contextEntries: [string, PdfClaim][] = lost.flatMap((x) => {
    const diffs = contextDifferences(x);
    return x.pdf === null
      ? []
      : diffs.length === 0
        ? [['no difference', x] as [string, PdfClaim]]
        : diffs.map((d) => [d, x] as [string, PdfClaim]);
  });
  out.push(...tallyLines(tally(contextEntries)));
  log(
    '\nWhere the reader put the operands’ figures on the page, over the same claims (a claim once per place):\n',
  );
  out.push(
    ...tallyLines(
      tally(lost.flatMap((x) => [...new Set(x.placements)].map((p) => [p, x] as [string, PdfClaim]))),
    ),
  );

  // Examples spread over the reasons, most frequent first: one per reason (a different table each where
  // there is one), then the next of each, until there are enough.
  const candidates = lost.filter((x) => x.csv.half === 'dev' && x.pdf !== null);
  const byReason = [...reasons]
    .sort((p, q) => total(q[1].n) - total(p[1].n) || p[0].localeCompare(q[0]))
    .map(([why]) => candidates.filter((x) => whysOf.get(x)?.has(why)));
  const examples: PdfClaim[] = [];
  const tables = new Set<string>();
  for (let round = 0; examples.length < EXAMPLES && byReason.some((l) => l.length > 0); round++)
    for (const list of byReason) {
      if (examples.length >= EXAMPLES) break;
      const next =
        list.find((x) => !examples.includes(x) && (round > 0 || !tables.has(x.csv.plan.table))) ??
        list.find((x) => !examples.includes(x));
      if (next) {
        examples.push(next);
        tables.add(next.csv.plan.table);
      }
      list.splice(0, list.length, ...list.filter((x) => !examples.includes(x)));
    }
  if (examples.length > 0) log(`\nExamples (dev, ${examples.length}, spread over the reasons above):\n`);
  for (const x of examples) {
    const pdf = x.pdf!;
    const [a, b] = x.csv.operands['as worded'];
    const [pa, pb] = pdf.operands['as worded'];
    log(`- ${head(x.csv)} (table ${x.csv.plan.table})`);
    const placed = (c: Cell) => x.placements[c === x.csv.plan.x ? 0 : 1] ?? '';
    log(`  - A ${cellText(a)}: CSV ${contextText(a)} → PDF ${contextText(pa)} (${placed(a)})`);
    log(`  - B ${cellText(b)}: CSV ${contextText(b)} → PDF ${contextText(pb)} (${placed(b)})`);
    for (const o of ORDERS)
      if (pdf.answers[o].outcome !== 'supported')
        log(`  - ${o} over PDF: ${answerText(pdf.answers[o])}: ${pageReasons(pdf.answers[o]).join('; ')}`);
  }
  return out;
}
