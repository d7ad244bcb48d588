/**
 * `npm run eval:numeric`: the numeric check against TAT-QA (dev set) arithmetic questions.
 *
 * For each arithmetic question whose derivation is a two-operand form the spec's relation table covers —
 * `(a-b)/b` (percent change), `a-b` (change, or difference across rows), `a+b` (sum), `a/b` (ratio, or
 * share when the answer is a percentage) — the table is written as a csv (with a scale note from the
 * question when the table has none), uploaded with retain=true through an in-process service, published,
 * and three claims are checked against the two cells: the true one (the gold answer at its precision),
 * one with the number moved beyond tolerance, and one with the direction flipped, all three in the same
 * wording. The wording names the operands' periods in one of the forms issue 15 lists, or names none, or
 * a relative one; it is chosen from the question's uid (scripts/eval-numeric-wording.ts), so every run
 * words every claim the same way.
 *
 * Each claim goes through `POST /api/v2/verify/numeric` and, in process, through the engine's
 * `assessWithReasons` for the typed reason behind each facet; the two outcomes must agree. The report
 * opens with the Targets of issue 15, then: the confusion table, false supported, true claims
 * contradicted, arithmetic over true claims, supported by wording, and why each escalated true claim
 * escalated (by facet and code, or by the arithmetic's problem code). The bars: no false claim is ever
 * `supported`, no true claim is ever `contradicted` (exit 1 otherwise).
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
import { assessWithReasons, type Explained } from '../service/numeric/assess';
import { operandContext } from '../service/numeric/context';
import type { EngineOperand, OperandContext } from '../service/numeric/types';
import { Store } from '../service/store/store';
import {
  changeWordings,
  pairWordings,
  pct,
  percentile,
  pick,
  seedOf,
  wordChange,
  wordingName,
  wordPair,
  type ChangeForm,
  type PairForm,
  type Wording,
} from './eval-numeric-wording';

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

type Relation =
  | 'change (percent)'
  | 'change (absolute)'
  | 'difference'
  | 'difference (percent)'
  | 'sum'
  | 'share'
  | 'ratio';
type Truth = 'true' | 'false-moved' | 'false-sign';
const RELATIONS: readonly Relation[] = [
  'change (percent)',
  'change (absolute)',
  'difference',
  'difference (percent)',
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
  /** What the engine is given: the figure as the service passes it, and its context. */
  engine: EngineOperand;
}

type PlanWording =
  { kind: 'change'; wording: Wording<ChangeForm> } | { kind: 'pair'; wording: Wording<PairForm> };

interface Plan {
  relation: Relation;
  /** Operands in the order the claim names them (A = operands[0]; for a change, A is the earlier). */
  operands: [Operand, Operand];
  /** The relation's value in the claim's terms (percent, or written units for amounts). */
  value: number;
  decimals: number;
  /** How the claim names the operands' periods (the same for the true claim and its false ones). */
  wording: PlanWording;
}

function fmt(value: number, decimals: number): string {
  return Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** "$12.6 million", "2.1 percentage points", "12.6" (or "-12.6"): an amount worded as the operands are written. */
function amount(value: number, decimals: number, A: Operand, B: Operand, negative = false): string {
  const [a, b] = [A.figure, B.figure];
  const minus = negative ? '-' : '';
  if (a.unitClass === 'percent' && b.unitClass === 'percent')
    return `${minus}${fmt(value, decimals)} percentage points`;
  // The currency as the table shows it: the figure's own, or the one its sheet writes on a first row.
  const ua = a.unit ?? A.context.tableCurrency;
  const ub = b.unit ?? B.context.tableCurrency;
  const currency = ua !== null && ua === ub ? (CURRENCY_SYMBOL[ua] ?? `${ua} `) : '';
  const scale = a.scale === b.scale ? SCALE_WORD[a.scale] : undefined;
  return `${minus}${currency}${fmt(value, decimals)}${scale ? ` ${scale}` : ''}`;
}

function subjectOf(a: OperandContext, b: OperandContext): string {
  if (a.rowKey !== null && a.rowKey === b.rowKey && a.rowLabel) return a.rowLabel;
  if (a.columnKey !== null && a.columnKey === b.columnKey && a.columnLabel) return a.columnLabel;
  return a.rowLabel ?? 'The figure';
}

/** Orders "2018" < "Q1 2019" < "H2 2019" < "FY2020" roughly: year, then the part of it. */
function periodKey(period: string | null): number {
  const year = Number(/\d{4}/.exec(period ?? '')?.[0] ?? NaN);
  const part = Number(/^[QH](\d)/.exec(period ?? '')?.[1] ?? 9);
  return year * 10 + part;
}

/** The wording of `relation` over `operands` for question `uid`: the same on every run. */
function wordingFor(uid: string, relation: Relation, operands: [Operand, Operand]): PlanWording {
  const [A, B] = operands;
  const seed = seedOf(uid);
  return relation.startsWith('change')
    ? { kind: 'change', wording: pick(seed, changeWordings(A.context.period, B.context.period)) }
    : { kind: 'pair', wording: pick(seed, pairWordings(A.context.period, B.context.period)) };
}

/** The claim for `plan` with the value `value` (already moved or not) and direction `sign`. */
function word(plan: Plan, value: number, sign: 1 | -1): string {
  const [A, B] = plan.operands;
  const n = fmt(value, plan.decimals);
  if (plan.wording.kind === 'change') {
    const percent = plan.relation === 'change (percent)';
    return wordChange(
      {
        subject: subjectOf(A.context, B.context),
        amount: percent ? `${n}%` : amount(value, plan.decimals, A, B),
        percent,
        up: sign > 0,
        earlier: A.context.period,
        later: B.context.period,
      },
      plan.wording.wording,
    );
  }
  const a = { label: A.context.rowLabel ?? 'the figure', period: A.context.period };
  const b = { label: B.context.rowLabel ?? 'the figure', period: B.context.period };
  const body = (x: string, y: string): string => {
    switch (plan.relation) {
      case 'difference':
        return `${x} was ${amount(value, plan.decimals, A, B)} ${sign > 0 ? 'more' : 'less'} than ${y}`;
      case 'sum':
        // A sum has no direction: a negative stated value is its flipped claim.
        return `${x} and ${y} together totalled ${amount(value, plan.decimals, A, B, sign < 0)}`;
      case 'difference (percent)':
        return `${x} was ${n}% ${sign > 0 ? 'higher' : 'lower'} than ${y}`;
      case 'share':
        return `${x} was ${n}% of ${y}`;
      default:
        return `${x} was ${n} times ${y}`;
    }
  };
  return wordPair(a, b, plan.wording.wording, body);
}

/**
 * The operands in the order the claim names them: a change's earlier period first, except in the relative
 * wording ("X was 5% higher than last year"), a comparison whose subject is the later period.
 */
function claimOperands(plan: Plan): [Operand, Operand] {
  const [A, B] = plan.operands;
  return plan.wording.kind === 'change' && plan.wording.wording.form === 'relative' ? [B, A] : [A, B];
}

/** A row of costs or losses ("Interest expense", "Net loss"), not one that names the other side too. */
function isCostRow(label: string | null): boolean {
  if (label === null) return false;
  return (
    /\b(?:loss(?:es)?|deficits?|expenses?|costs?|outflows?)\b/i.test(label) &&
    !/\b(?:income|profits?|gains?|earnings|revenues?|benefits?|inflows?)\b/i.test(label)
  );
}

/** Whether a true claim's wording names the periods its operands show. */
type PeriodGroup = 'names periods' | 'periods shown, not named' | 'an operand shows no period';
const PERIOD_GROUPS: readonly PeriodGroup[] = [
  'names periods',
  'periods shown, not named',
  'an operand shows no period',
];

function periodGroup(plan: Plan): PeriodGroup {
  if (plan.operands.some((o) => o.context.period === null)) return 'an operand shows no period';
  return plan.wording.wording.namesPeriods ? 'names periods' : 'periods shown, not named';
}

/** What one true claim came to, for the report. */
interface TrueResult {
  uid: string;
  relation: Relation;
  claim: string;
  wording: string;
  group: PeriodGroup;
  explained: Explained;
}

/** Why an escalated claim escalated: one line per open or failed facet, or the arithmetic's problem. */
function escalationReasons(explained: Explained): string[] {
  const { assessment } = explained;
  const reasons: string[] = [];
  if (assessment.arithmetic?.verdict === 'not_computable')
    reasons.push(`arithmetic not computable: ${explained.problem ?? '(no code)'}`);
  for (const f of explained.facets)
    if (f.passed !== true)
      reasons.push(`${f.facet} ${f.passed === null ? 'left to judge' : 'failed'}: ${f.code}`);
  if (reasons.length === 0)
    reasons.push(`comparability ${assessment.comparability?.verdict ?? 'absent'} (no facet says why)`);
  return reasons;
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
  const { key } = await store.createKey('eval');

  const skipped = new Map<string, number>();
  const skip = (why: string) => skipped.set(why, (skipped.get(why) ?? 0) + 1);
  const confusion = new Map<string, number>();
  const falseSupported: string[] = [];
  const trueContradicted: string[] = [];
  const mismatches: string[] = [];
  const trueResults: TrueResult[] = [];
  const engineMs: number[] = [];
  const httpMs: number[] = [];
  const samples = new Map<string, string[]>();
  let arithmetic = 0;
  let planned = 0;
  let goldDisagrees = 0;
  let checks = 0;
  let onSizes = 0;
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
        const operand = (f: FigureWithPosition): Operand => {
          const context = operandContext(unit, f, unit.source_unit_id);
          // The figure as the service hands it to the engine: without its place in the source.
          const { ambiguous: _ambiguous, span: _span, position: _position, ...read } = f;
          return {
            ref: {
              source_version_id: rep.source_version_id,
              representation_id: rep.representation_id,
              source_unit_id: unit.source_unit_id,
              figure_index: f.index,
            },
            figure: f,
            context,
            engine: { figure: read, context },
          };
        };
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
        const sameRow = oa.context.rowKey !== null && oa.context.rowKey === ob.context.rowKey;
        // A row of costs or losses printed negative in both periods: a fact-checker speaks of its size
        // ("interest expense fell by 1,258" from (3,343) to (2,085)), so the true change is on magnitudes.
        const sizes = sameRow && d.a < 0 && d.b < 0 && isCostRow(oa.context.rowLabel);
        let shape: Omit<Plan, 'wording'>;
        let computed: number;
        const decimals = decimalsOf(gold);
        if (d.form === 'pct') {
          if (d.b === 0) {
            skip('percent change from zero');
            continue;
          }
          computed = ((d.a - d.b) / Math.abs(d.b)) * 100;
          // Across two rows it is no change but a difference: "A was 4% higher than B".
          shape =
            !sameRow && oa.context.rowKey !== null && ob.context.rowKey !== null
              ? { relation: 'difference (percent)', operands: [oa, ob], value: computed, decimals }
              : {
                  relation: 'change (percent)',
                  operands: [ob, oa],
                  value: sizes ? ((Math.abs(d.a) - Math.abs(d.b)) / Math.abs(d.b)) * 100 : computed,
                  decimals,
                };
        } else if (d.form === 'sub') {
          computed = d.a - d.b;
          shape = overTime
            ? {
                relation: 'change (absolute)',
                operands: later ? [oa, ob] : [ob, oa],
                value: (later ? -1 : 1) * (sizes ? Math.abs(d.a) - Math.abs(d.b) : computed),
                decimals,
              }
            : { relation: 'difference', operands: [oa, ob], value: computed, decimals };
        } else if (d.form === 'add') {
          computed = d.a + d.b;
          shape = { relation: 'sum', operands: [oa, ob], value: computed, decimals };
        } else {
          if (d.b === 0) {
            skip('ratio over zero');
            continue;
          }
          const ratio = d.a / d.b;
          const share = q.scale === 'percent' && Math.abs(gold - ratio * 100) <= Math.abs(gold - ratio);
          computed = share ? ratio * 100 : ratio;
          shape = { relation: share ? 'share' : 'ratio', operands: [oa, ob], value: computed, decimals };
        }
        const plan: Plan = { ...shape, wording: wordingFor(q.uid, shape.relation, shape.operands) };
        if (Math.abs(Number(computed.toFixed(decimals)) - gold) > 0.5 * 10 ** -decimals + 1e-9)
          goldDisagrees++;
        const rounded = Number(plan.value.toFixed(decimals));
        if (rounded === 0) {
          skip('the answer rounds to zero (no direction to word)');
          continue;
        }
        planned++;
        if (sizes && plan.relation.startsWith('change')) onSizes++;

        const tolerance = 0.5 * 10 ** -decimals;
        const direction: 1 | -1 = rounded > 0 ? 1 : -1;
        const moved = Math.abs(rounded) + Math.max(0.5 * Math.abs(rounded), 4 * tolerance);
        const directional = plan.relation.startsWith('change') || plan.relation.startsWith('difference');
        const claims: [Truth, string][] = [
          ['true', word(plan, Math.abs(rounded), direction)],
          ['false-moved', word(plan, moved, direction)],
        ];
        if (directional) claims.push(['false-sign', word(plan, Math.abs(rounded), direction > 0 ? -1 : 1)]);
        // Shares and ratios have no direction; a sum's flipped claim states a negative total.
        else if (plan.relation === 'sum') claims.push(['false-sign', word(plan, Math.abs(rounded), -1)]);

        for (const [truth, claim] of claims) {
          checks++;
          const cell = `${plan.relation}|${truth}`;
          const count = (key: string) => confusion.set(key, (confusion.get(key) ?? 0) + 1);

          const started = performance.now();
          const explained = assessWithReasons(
            claim,
            claimOperands(plan).map((o) => o.engine),
          );
          engineMs.push(performance.now() - started);
          const { assessment } = explained;

          const sent = performance.now();
          const res = await app.inject({
            method: 'POST',
            url: '/api/v2/verify/numeric',
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            payload: JSON.stringify({ claim, operands: claimOperands(plan).map((o) => o.ref) }),
          });
          httpMs.push(performance.now() - sent);
          if (res.statusCode !== 201) {
            count(`${cell}|http ${res.statusCode}`);
            mismatches.push(`${claim}  [${q.uid}; http ${res.statusCode}; engine ${assessment.outcome}]`);
            continue;
          }
          const body = NumericResponse.parse(res.json());
          if (body.outcome !== assessment.outcome)
            mismatches.push(`${claim}  [${q.uid}; http ${body.outcome}; engine ${assessment.outcome}]`);

          count(`${cell}|${body.outcome}`);
          if (truth !== 'true' && body.outcome === 'supported')
            falseSupported.push(`${claim}  [${q.uid}; ${body.reason}]`);
          if (truth === 'true') {
            if (body.outcome === 'contradicted')
              trueContradicted.push(`${claim}  [${q.uid}; ${body.reason}]`);
            trueResults.push({
              uid: q.uid,
              relation: plan.relation,
              claim,
              wording: `${plan.wording.kind}: ${wordingName(plan.wording.wording)}`,
              group: periodGroup(plan),
              explained,
            });
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
  const trues = trueResults.length;
  const outcomeOf = (r: TrueResult) => r.explained.assessment.outcome;
  const supported = trueResults.filter((r) => outcomeOf(r) === 'supported').length;
  const holds = trueResults.filter((r) => r.explained.assessment.arithmetic?.verdict === 'holds').length;
  const named = trueResults.filter((r) => r.group === 'names periods');
  const namedSupported = named.filter((r) => outcomeOf(r) === 'supported').length;
  const p50 = percentile(engineMs, 50);
  const p95 = percentile(engineMs, 95);
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const share = (n: number, of: number) => (of === 0 ? 0 : (100 * n) / of);

  console.log(
    `**Targets:** ${mark(falseSupported.length === 0)} false supported ${falseSupported.length} (0) · ` +
      `${mark(trueContradicted.length === 0)} true contradicted ${trueContradicted.length} (0) · ` +
      `${mark(share(holds, trues) >= 95)} arithmetic holds ${pct(holds, trues)} (≥95%) · ` +
      `${mark(share(namedSupported, named.length) >= 70)} supported with named periods ${pct(namedSupported, named.length)} (≥70%) · ` +
      `${mark(p50 <= 5)} numeric check p50 ${p50.toFixed(2)} ms (≤5 ms)\n`,
  );
  console.log(`# Numeric check on TAT-QA dev (${items.length} tables)\n`);
  console.log(
    `${arithmetic} arithmetic questions; ${planned} checked (${checks} claims); ${arithmetic - planned} skipped.`,
  );
  console.log(
    `gold answers that disagree with their own derivation at their precision: ${goldDisagrees} (the true claim uses the derivation's value)`,
  );
  console.log(
    `changes in a cost or loss row printed negative in both periods, worded on their size: ${onSizes}`,
  );
  console.log(
    `numeric check in process (assessWithReasons): p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms; ` +
      `over HTTP (inject, incl. store reads): p50 ${percentile(httpMs, 50).toFixed(2)} ms, p95 ${percentile(httpMs, 95).toFixed(2)} ms`,
  );
  console.log(
    `HTTP outcome ≠ engine outcome: ${mismatches.length}${mismatches.length > 0 ? ' (a bug: the service and the engine must agree)' : ''}\n`,
  );
  for (const line of mismatches.slice(0, 20)) console.log(`  - ${line}`);

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

  console.log(`\n**true claims contradicted: ${trueContradicted.length}** (the bar is 0)`);
  for (const line of trueContradicted) console.log(`  - ${line}`);

  console.log(`\n**true claims supported: ${supported} of ${trues} (${pct(supported, trues)})**`);
  for (const group of PERIOD_GROUPS) {
    const inGroup = trueResults.filter((r) => r.group === group);
    const n = inGroup.filter((r) => outcomeOf(r) === 'supported').length;
    const target = group === 'names periods' ? ' (target ≥ 70%)' : '';
    console.log(`  - wording ${group}: ${n} of ${inGroup.length} (${pct(n, inGroup.length)})${target}`);
  }

  console.log(
    `\n**arithmetic holds for true claims: ${holds} of ${trues} (${pct(holds, trues)})** (target ≥ 95%)`,
  );
  const notHolding = new Map<string, { n: number; sample: string }>();
  for (const r of trueResults) {
    const arith = r.explained.assessment.arithmetic;
    if (arith?.verdict === 'holds') continue;
    const why =
      arith === null
        ? 'no arithmetic (not applicable)'
        : arith.verdict === 'not_computable'
          ? `not computable: ${r.explained.problem ?? '(no code)'}`
          : arith.verdict;
    const entry = notHolding.get(why) ?? {
      n: 0,
      sample: `"${r.claim}" [${r.uid}] → ${arith?.reason ?? '–'}`,
    };
    entry.n++;
    notHolding.set(why, entry);
  }
  for (const [why, { n, sample }] of [...notHolding].sort((x, y) => y[1].n - x[1].n))
    console.log(`  - ${why} × ${n} — e.g. ${sample}`);

  console.log('\n## True claims by wording\n');
  console.log(
    '| wording | true claims | supported | contradicted | escalate | not_applicable | arithmetic holds |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const wordings = new Map<string, TrueResult[]>();
  for (const r of trueResults) wordings.set(r.wording, [...(wordings.get(r.wording) ?? []), r]);
  for (const [wording, list] of [...wordings].sort((x, y) => x[0].localeCompare(y[0]))) {
    const by = (o: string) => list.filter((r) => outcomeOf(r) === o).length;
    const h = list.filter((r) => r.explained.assessment.arithmetic?.verdict === 'holds').length;
    const named = list[0]!.group === 'names periods' ? ' ✎' : '';
    console.log(
      `| ${wording}${named} | ${list.length} | ${by('supported')} (${pct(by('supported'), list.length)}) | ` +
        `${by('contradicted')} | ${by('escalate')} | ${by('not_applicable')} | ${pct(h, list.length)} |`,
    );
  }
  console.log('\n(✎: a wording that names every operand’s period)');

  const escalated = trueResults.filter((r) => outcomeOf(r) === 'escalate');
  console.log(`\n## Why escalated true claims escalated (${escalated.length} of ${trues})\n`);
  console.log(
    'Each line: facet and code (or the arithmetic’s problem code) × claims; how many had it as their only ' +
      'reason; how many of them name their periods; one sample.\n',
  );
  const reasons = new Map<string, { n: number; sole: number; named: number; sample: string }>();
  for (const r of escalated) {
    const whys = escalationReasons(r.explained);
    for (const why of whys) {
      const entry = reasons.get(why) ?? { n: 0, sole: 0, named: 0, sample: `"${r.claim}" [${r.uid}]` };
      entry.n++;
      if (whys.length === 1) entry.sole++;
      if (r.group === 'names periods') entry.named++;
      reasons.set(why, entry);
    }
  }
  for (const [why, e] of [...reasons].sort((x, y) => y[1].n - x[1].n || x[0].localeCompare(y[0])))
    console.log(`- ${why} × ${e.n} (only reason ${e.sole}; naming periods ${e.named}) — e.g. ${e.sample}`);

  const unread = trueResults.filter((r) => outcomeOf(r) === 'not_applicable');
  if (unread.length > 0) {
    console.log(`\n## True claims the engine did not read (${unread.length})\n`);
    for (const r of unread.slice(0, 10)) console.log(`- "${r.claim}" [${r.uid}]`);
  }

  console.log('\n## Skipped questions\n');
  for (const [why, n] of [...skipped].sort((a, b) => b[1] - a[1])) console.log(`- ${n} × ${why}`);

  console.log('\n## Samples of outcomes other than the intended one\n');
  for (const [cell, list] of [...samples].sort()) {
    console.log(`- ${cell.replace(/\|/g, ' / ')}`);
    for (const line of list) console.log(`    - ${line}`);
  }
  return falseSupported.length > 0 || trueContradicted.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
