/**
 * `npm run eval:numeric`: the numeric check against TAT-QA (dev set) arithmetic questions.
 *
 * For each arithmetic question whose derivation is a two-operand form the spec's relation table covers —
 * `(a-b)/b` (percent change), `a-b` (change, or difference across rows), `a+b` (sum), `a/b` (ratio, or
 * share when the answer is a percentage) — the table is written as a csv (with a scale note from the
 * question when the table has none), uploaded with retain=true through an in-process service, published,
 * and three claims are checked against the two cells: the true one (the gold answer at its precision),
 * one with the number moved beyond tolerance, and one with the direction flipped. The bar: no false claim
 * is ever `supported` (exit 1 otherwise).
 *
 * The corpus lives outside the repository (../shared/corpus/tables/tatqa_dataset_dev.json); without it the
 * script says so and exits 0.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  NumericResponse,
  Representation,
  UploadResponse,
  type FigureWithPosition,
  type OperandReference,
  type Unit,
} from '../shared/api';
import { findScaleNote } from '../shared/figures';
import { buildServer } from '../service/http/server';
import { operandContext } from '../service/numeric/context';
import type { OperandContext } from '../service/numeric/types';
import { Store } from '../service/store/store';

const CORPUS = join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'tables', 'tatqa_dataset_dev.json');

interface Question {
  uid: string;
  question: string;
  answer: unknown;
  derivation: string;
  answer_type: string;
  answer_from: string;
  scale: string;
}
interface Item {
  table: { uid: string; table: string[][] };
  questions: Question[];
}

type Relation = 'change (percent)' | 'change (absolute)' | 'difference' | 'sum' | 'share' | 'ratio';
type Truth = 'true' | 'false-moved' | 'false-sign';
const RELATIONS: readonly Relation[] = [
  'change (percent)',
  'change (absolute)',
  'difference',
  'sum',
  'share',
  'ratio',
];
const TRUTHS: readonly Truth[] = ['true', 'false-moved', 'false-sign'];
const OUTCOMES = ['supported', 'contradicted', 'escalate', 'not_applicable'] as const;

const SCALE_OF_QUESTION: Readonly<Record<string, number>> = { thousand: 1e3, million: 1e6, billion: 1e9 };
const NOTE_OF_QUESTION: Readonly<Record<string, string>> = {
  thousand: '(in thousands)',
  million: '(in millions)',
  billion: '(in billions)',
};
const SCALE_WORD: Readonly<Record<number, string>> = { 1e3: 'thousand', 1e6: 'million', 1e9: 'billion' };
const CURRENCY_SYMBOL: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

// --- derivations ---------------------------------------------------------------------------------------

/** A number as a derivation writes it: `1,234.5`, `-5`, `(-5)`. */
const NUM = String.raw`(\(-[\d,]*\.?\d+\)|-?[\d,]*\.?\d+)`;
const FORMS: readonly { re: RegExp; form: 'pct' | 'sub' | 'add' | 'div' }[] = [
  { re: new RegExp(String.raw`^\(${NUM}-${NUM}\)/${NUM}$`), form: 'pct' },
  { re: new RegExp(String.raw`^\(?${NUM}-${NUM}\)?$`), form: 'sub' },
  { re: new RegExp(String.raw`^\(?${NUM}\+${NUM}\)?$`), form: 'add' },
  { re: new RegExp(String.raw`^\(?${NUM}/${NUM}\)?$`), form: 'div' },
];

function num(text: string): number {
  return Number(text.replace(/[(),]/g, ''));
}

interface Derivation {
  form: 'pct' | 'sub' | 'add' | 'div';
  a: number;
  b: number;
}

function derivationOf(text: string): Derivation | null {
  const compact = text.replace(/\s+/g, '');
  for (const { re, form } of FORMS) {
    const m = re.exec(compact);
    if (!m) continue;
    const a = num(m[1]!);
    const b = num(m[2]!);
    if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
    if (form === 'pct' && num(m[3]!) !== b) return null;
    return { form, a, b };
  }
  return null;
}

/** Digits after the decimal point of a number as JSON wrote it. */
function decimalsOf(value: number): number {
  const text = String(value);
  if (/e/i.test(text)) return 6;
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

// --- csv and the service ---------------------------------------------------------------------------------

function csvCell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function multipart(fields: Record<string, string>, filename: string, content: string) {
  const boundary = 'evalnumeric7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n`,
  );
  parts.push(`--${boundary}--\r\n`);
  return { body: Buffer.from(parts.join('')), contentType: `multipart/form-data; boundary=${boundary}` };
}

// --- claims -------------------------------------------------------------------------------------------

interface Operand {
  ref: OperandReference;
  figure: FigureWithPosition;
  context: OperandContext;
}

interface Plan {
  relation: Relation;
  /** Operands in the order the claim names them (A = operands[0]). */
  operands: [Operand, Operand];
  /** The relation's value in the claim's terms (percent, or written units for amounts). */
  value: number;
  decimals: number;
}

function fmt(value: number, decimals: number): string {
  return Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** "$12.6 million", "2.1 percentage points", "12.6": an amount worded as the operands are written. */
function amount(value: number, decimals: number, a: FigureWithPosition, b: FigureWithPosition): string {
  if (a.unitClass === 'percent' && b.unitClass === 'percent')
    return `${fmt(value, decimals)} percentage points`;
  const currency = a.unit !== null && a.unit === b.unit ? (CURRENCY_SYMBOL[a.unit] ?? `${a.unit} `) : '';
  const scale = a.scale === b.scale ? SCALE_WORD[a.scale] : undefined;
  return `${currency}${fmt(value, decimals)}${scale ? ` ${scale}` : ''}`;
}

function subjectOf(a: OperandContext, b: OperandContext): string {
  if (a.rowKey !== null && a.rowKey === b.rowKey && a.rowLabel) return a.rowLabel;
  if (a.columnKey !== null && a.columnKey === b.columnKey && a.columnLabel) return a.columnLabel;
  return a.rowLabel ?? 'The figure';
}

function span(a: OperandContext, b: OperandContext): string {
  return a.period && b.period && a.period !== b.period ? ` from ${a.period} to ${b.period}` : '';
}

/** Orders "2018" < "Q1 2019" < "H2 2019" < "FY2020" roughly: year, then the part of it. */
function periodKey(period: string | null): number {
  const year = Number(/\d{4}/.exec(period ?? '')?.[0] ?? NaN);
  const part = Number(/^[QH](\d)/.exec(period ?? '')?.[1] ?? 9);
  return year * 10 + part;
}

function labelOf(c: OperandContext): string {
  const label = c.rowLabel ?? 'the figure';
  return c.period ? `${label} in ${c.period}` : label;
}

/** The claim for `plan` with the value `value` (already moved or not) and direction `sign`. */
function word(plan: Plan, value: number, sign: 1 | -1): string {
  const [A, B] = plan.operands;
  const n = fmt(value, plan.decimals);
  switch (plan.relation) {
    case 'change (percent)':
      return `${subjectOf(A.context, B.context)} ${sign > 0 ? 'rose' : 'fell'} ${n}%${span(A.context, B.context)}`;
    case 'change (absolute)':
      return `${subjectOf(A.context, B.context)} ${sign > 0 ? 'rose' : 'fell'} by ${amount(value, plan.decimals, A.figure, B.figure)}${span(A.context, B.context)}`;
    case 'difference':
      return `${capital(labelOf(A.context))} was ${amount(value, plan.decimals, A.figure, B.figure)} ${sign > 0 ? 'more' : 'less'} than ${labelOf(B.context)}`;
    case 'sum':
      return `${capital(labelOf(A.context))} and ${labelOf(B.context)} together totalled ${amount(value, plan.decimals, A.figure, B.figure)}`;
    case 'share':
      return `${capital(labelOf(A.context))} was ${n}% of ${labelOf(B.context)}`;
    case 'ratio':
      return `${capital(labelOf(A.context))} was ${n} times ${labelOf(B.context)}`;
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// --- the run --------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  if (!existsSync(CORPUS)) {
    console.log(`eval:numeric skipped: the TAT-QA dev set is not at ${CORPUS} (nothing to evaluate).`);
    return 0;
  }
  const items = JSON.parse(readFileSync(CORPUS, 'utf8')) as Item[];
  const dir = await mkdtemp(join(tmpdir(), 'ew-eval-numeric-'));
  const store = await Store.open(join(dir, 'data'));
  const app = await buildServer({ store, extraction: { ocr: 'off' } });
  const { key } = store.createKey('eval');

  const skipped = new Map<string, number>();
  const skip = (why: string) => skipped.set(why, (skipped.get(why) ?? 0) + 1);
  const confusion = new Map<string, number>();
  const escalateReasons = new Map<string, number>();
  const falseSupported: string[] = [];
  const samples = new Map<string, string[]>();
  let arithmetic = 0;
  let planned = 0;
  let goldDisagrees = 0;
  let checks = 0;
  const published = new Map<string, { rep: Representation; unit: Unit }>();

  async function publish(csv: string): Promise<{ rep: Representation; unit: Unit } | null> {
    const cached = published.get(csv);
    if (cached) return cached;
    const form = multipart({ retain: 'true' }, 'table.csv', csv);
    const up = await app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      headers: { 'x-api-key': key, 'content-type': form.contentType },
      payload: form.body,
    });
    if (up.statusCode !== 201) return null;
    const asset = UploadResponse.parse(up.json());
    const res = await app.inject({
      method: 'POST',
      url: `/api/v2/sources/${asset.source_version_id}/representations`,
      headers: { 'x-api-key': key },
    });
    if (res.statusCode !== 201) return null;
    const rep = Representation.parse(res.json());
    const unit = rep.units[0];
    if (!unit || unit.kind !== 'sheet') return null;
    const entry = { rep, unit };
    published.set(csv, entry);
    return entry;
  }

  try {
    for (const item of items) {
      const rows = item.table.table;
      const tableText = rows.map((r) => r.join(' ')).join('\n');
      const ownNote = findScaleNote(tableText);
      for (const q of item.questions) {
        if (q.answer_type !== 'arithmetic') continue;
        arithmetic++;
        const d = derivationOf(q.derivation);
        if (!d) {
          skip('derivation is not a two-operand form (a-b)/b, a-b, a+b, a/b');
          continue;
        }
        const gold = typeof q.answer === 'number' ? q.answer : Number(q.answer);
        if (!Number.isFinite(gold)) {
          skip('answer is not a number');
          continue;
        }
        const questionScale = SCALE_OF_QUESTION[q.scale];
        if (ownNote && questionScale !== undefined && ownNote.scale !== questionScale) {
          skip('the table’s own scale note differs from the question’s scale');
          continue;
        }
        const note = !ownNote && q.scale in NOTE_OF_QUESTION ? NOTE_OF_QUESTION[q.scale] : null;
        const csv =
          (note ? `${note}\n` : '') + rows.map((r) => r.map((c) => csvCell(c)).join(',')).join('\n') + '\n';
        const pub = await publish(csv);
        if (!pub) {
          skip('the table could not be published as a sheet');
          continue;
        }
        const { rep, unit } = pub;

        // The cells holding a and b: one figure each, written with that magnitude and sign.
        const find = (value: number): FigureWithPosition | null | 'many' => {
          const hits = unit.figures.filter(
            (f) =>
              Math.abs(f.magnitude - Math.abs(value)) < 1e-9 &&
              (value === 0 || f.sign === Math.sign(value)) &&
              f.position.kind === 'cell',
          );
          return hits.length === 1 ? hits[0]! : hits.length === 0 ? null : 'many';
        };
        const fa = find(d.a);
        const fb = find(d.b);
        if (fa === null || fb === null) {
          skip('an operand is not in the table (or not with that sign)');
          continue;
        }
        if (fa === 'many' || fb === 'many') {
          skip('an operand value is in more than one cell');
          continue;
        }
        if (fa === fb) {
          skip('both operands are the same cell');
          continue;
        }
        if (fa.ambiguous || fb.ambiguous) {
          skip('an operand cell is an ambiguous number');
          continue;
        }
        const operand = (f: FigureWithPosition): Operand => ({
          ref: {
            source_version_id: rep.source_version_id,
            representation_id: rep.representation_id,
            source_unit_id: unit.source_unit_id,
            figure_index: f.index,
          },
          figure: f,
          context: operandContext(unit, f, unit.source_unit_id),
        });
        const oa = operand(fa);
        const ob = operand(fb);
        // The same line item in two periods: a change over time; anything else: a difference.
        const overTime =
          oa.context.rowKey === ob.context.rowKey &&
          oa.context.period !== null &&
          ob.context.period !== null &&
          oa.context.period !== ob.context.period;

        // A change runs from the earlier period to the later one, whichever way the derivation subtracts.
        const later = overTime && periodKey(oa.context.period) < periodKey(ob.context.period);
        let plan: Plan;
        let computed: number;
        const decimals = decimalsOf(gold);
        if (d.form === 'pct') {
          if (d.b === 0) {
            skip('percent change from zero');
            continue;
          }
          computed = ((d.a - d.b) / Math.abs(d.b)) * 100;
          plan = { relation: 'change (percent)', operands: [ob, oa], value: computed, decimals };
        } else if (d.form === 'sub') {
          computed = d.a - d.b;
          plan = overTime
            ? {
                relation: 'change (absolute)',
                operands: later ? [oa, ob] : [ob, oa],
                value: later ? -computed : computed,
                decimals,
              }
            : { relation: 'difference', operands: [oa, ob], value: computed, decimals };
        } else if (d.form === 'add') {
          computed = d.a + d.b;
          plan = { relation: 'sum', operands: [oa, ob], value: computed, decimals };
        } else {
          if (d.b === 0) {
            skip('ratio over zero');
            continue;
          }
          const ratio = d.a / d.b;
          const share = q.scale === 'percent' && Math.abs(gold - ratio * 100) <= Math.abs(gold - ratio);
          computed = share ? ratio * 100 : ratio;
          plan = { relation: share ? 'share' : 'ratio', operands: [oa, ob], value: computed, decimals };
        }
        if (Math.abs(Number(computed.toFixed(decimals)) - gold) > 0.5 * 10 ** -decimals + 1e-9)
          goldDisagrees++;
        const rounded = Number(plan.value.toFixed(decimals));
        if (rounded === 0) {
          skip('the answer rounds to zero (no direction to word)');
          continue;
        }
        planned++;

        const tolerance = 0.5 * 10 ** -decimals;
        const direction: 1 | -1 = rounded > 0 ? 1 : -1;
        const moved = Math.abs(rounded) + Math.max(0.5 * Math.abs(rounded), 4 * tolerance);
        const directional = plan.relation.startsWith('change') || plan.relation === 'difference';
        const claims: [Truth, string][] = [
          ['true', word(plan, Math.abs(rounded), direction)],
          ['false-moved', word(plan, moved, direction)],
        ];
        if (directional) claims.push(['false-sign', word(plan, Math.abs(rounded), direction > 0 ? -1 : 1)]);
        // Sums, shares and ratios have no direction: a negative stated value is their flipped claim.
        else if (plan.relation === 'sum')
          claims.push([
            'false-sign',
            word(plan, Math.abs(rounded), 1).replace(/totalled (\$?)/, 'totalled $1-'),
          ]);

        for (const [truth, claim] of claims) {
          checks++;
          const res = await app.inject({
            method: 'POST',
            url: '/api/v2/verify/numeric',
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            payload: JSON.stringify({ claim, operands: plan.operands.map((o) => o.ref) }),
          });
          const cell = `${plan.relation}|${truth}`;
          if (res.statusCode !== 201) {
            confusion.set(
              `${cell}|http ${res.statusCode}`,
              (confusion.get(`${cell}|http ${res.statusCode}`) ?? 0) + 1,
            );
            continue;
          }
          const body = NumericResponse.parse(res.json());
          confusion.set(`${cell}|${body.outcome}`, (confusion.get(`${cell}|${body.outcome}`) ?? 0) + 1);
          if (truth !== 'true' && body.outcome === 'supported')
            falseSupported.push(`${claim}  [${q.uid}; ${body.reason}]`);
          if (body.outcome === 'escalate') {
            const reasons: string[] = [];
            if (body.arithmetic?.verdict === 'not_computable') reasons.push('arithmetic not_computable');
            for (const f of body.comparability?.facets ?? [])
              if (f.passed !== true)
                reasons.push(`${f.facet} ${f.passed === null ? 'left to judge' : 'failed'}`);
            const why = reasons.length ? reasons.join(' + ') : `comparability ${body.comparability?.verdict}`;
            escalateReasons.set(why, (escalateReasons.get(why) ?? 0) + 1);
          }
          const wanted = truth === 'true' ? 'supported' : 'contradicted';
          if (body.outcome !== wanted) {
            const list = samples.get(`${cell}|${body.outcome}`) ?? [];
            if (list.length < 3) list.push(`${claim}  → ${body.reason}`);
            samples.set(`${cell}|${body.outcome}`, list);
          }
        }
      }
    }
  } finally {
    await app.close();
    store.close();
    await rm(dir, { recursive: true, force: true });
  }

  // --- report ---
  console.log(`# Numeric check on TAT-QA dev (${items.length} tables)\n`);
  console.log(
    `${arithmetic} arithmetic questions; ${planned} checked (${checks} claims); ${arithmetic - planned} skipped.`,
  );
  console.log(
    `gold answers that disagree with their own derivation at their precision: ${goldDisagrees} (the true claim uses the derivation's value)\n`,
  );
  console.log(`| relation | claim | ${OUTCOMES.join(' | ')} | other |`);
  console.log(`|---|---|${OUTCOMES.map(() => '---|').join('')}---|`);
  for (const relation of RELATIONS)
    for (const truth of TRUTHS) {
      const counts = OUTCOMES.map((o) => confusion.get(`${relation}|${truth}|${o}`) ?? 0);
      const other = [...confusion]
        .filter(([k]) => k.startsWith(`${relation}|${truth}|http`))
        .reduce((n, [, v]) => n + v, 0);
      if (counts.every((c) => c === 0) && other === 0) continue;
      console.log(`| ${relation} | ${truth} | ${counts.join(' | ')} | ${other} |`);
    }
  const totals = (truth: Truth) =>
    OUTCOMES.map((o) => RELATIONS.reduce((n, r) => n + (confusion.get(`${r}|${truth}|${o}`) ?? 0), 0));
  for (const truth of TRUTHS) console.log(`| **all** | ${truth} | ${totals(truth).join(' | ')} | |`);

  console.log(`\n**false supported: ${falseSupported.length}** (the bar is 0)`);
  for (const line of falseSupported.slice(0, 20)) console.log(`  - ${line}`);

  console.log('\n## Escalate reasons\n');
  for (const [why, n] of [...escalateReasons].sort((a, b) => b[1] - a[1])) console.log(`- ${n} × ${why}`);

  console.log('\n## Skipped questions\n');
  for (const [why, n] of [...skipped].sort((a, b) => b[1] - a[1])) console.log(`- ${n} × ${why}`);

  console.log('\n## Samples of outcomes other than the intended one\n');
  for (const [cell, list] of [...samples].sort()) {
    console.log(`- ${cell.replace(/\|/g, ' / ')}`);
    for (const line of list) console.log(`    - ${line}`);
  }
  return falseSupported.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
