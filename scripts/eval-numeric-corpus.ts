/**
 * The TAT-QA dev set as `npm run eval:numeric` reads it: tables with their questions, the two-operand
 * derivations the spec's relation table covers, and the scale note a table is published with.
 */
import { join } from 'node:path';
import { decimalPlaces } from '../shared/figures/decimals';
import { findScaleNote } from '../shared/figures';

export const CORPUS = join(
  import.meta.dirname,
  '..',
  '..',
  'shared',
  'corpus',
  'tables',
  'tatqa_dataset_dev.json',
);

export interface Question {
  uid: string;
  question: string;
  answer: unknown;
  derivation: string;
  answer_type: string;
  answer_from: string;
  scale: string;
}

export interface Item {
  table: { uid: string; table: string[][] };
  questions: Question[];
}

export const SCALE_OF_QUESTION: Readonly<Record<string, number>> = {
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
};
export const NOTE_OF_QUESTION: Readonly<Record<string, string>> = {
  thousand: '(in thousands)',
  million: '(in millions)',
  billion: '(in billions)',
};

/** A number as a derivation writes it: `1,234.5`, `-5`, `(-5)`. */
const NUM = String.raw`(\(-[\d,]*\.?\d+\)|-?[\d,]*\.?\d+)`;
const FORMS: readonly { re: RegExp; form: Derivation['form'] }[] = [
  { re: new RegExp(String.raw`^\(${NUM}-${NUM}\)/${NUM}$`), form: 'pct' },
  { re: new RegExp(String.raw`^\(?${NUM}-${NUM}\)?$`), form: 'sub' },
  { re: new RegExp(String.raw`^\(?${NUM}\+${NUM}\)?$`), form: 'add' },
  { re: new RegExp(String.raw`^\(?${NUM}/${NUM}\)?$`), form: 'div' },
];

function num(text: string): number {
  return Number(text.replace(/[(),]/g, ''));
}

/** A derivation over two numbers: `(a-b)/b`, `a-b`, `a+b`, `a/b`. */
export interface Derivation {
  form: 'pct' | 'sub' | 'add' | 'div';
  a: number;
  b: number;
}

export function derivationOf(text: string): Derivation | null {
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
export function decimalsOf(value: number): number {
  return decimalPlaces(value) ?? 6;
}

/** The scale note a table states itself ("in millions", "$'000"), if any. */
export function ownScaleNote(rows: readonly (readonly string[])[]) {
  return findScaleNote(rows.map((r) => r.join(' ')).join('\n'));
}

/**
 * The note a table is published with when it states none: the one scale its questions give (a TAT-QA
 * table's scale is often in the report's text, not the table). Null when the table states its own, when
 * no question gives one, or when they disagree.
 */
export function tableNote(item: Item): string | null {
  if (ownScaleNote(item.table.table)) return null;
  const scales = new Set(item.questions.map((q) => q.scale).filter((s) => s in NOTE_OF_QUESTION));
  if (scales.size !== 1) return null;
  return NOTE_OF_QUESTION[[...scales][0]!] ?? null;
}
