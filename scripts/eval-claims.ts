/**
 * `npm run eval:claims`: claims listed from text (service/claims) against the TAT-QA dev set. Each
 * document's paragraphs are the article; its table is what the article's numbers restate.
 *
 * "Claim detection": recall — of the sentences holding a number that restates a table cell (within the
 * paragraph's rounding or the cell's, in any of the scales a table is written in), how many are listed;
 * precision — of the sentences listed, how many state a number (read as one of a listed claim's numbers)
 * that restates a cell, carries a unit, a scale, a percent or a currency, or is a word quantity. Precision
 * so measured counts a bare count that restates no cell ("12 stores") as a miss even where a person would
 * call it a claim, and a sentence with a unit but nothing checkable as a hit: it is a proxy, not a
 * person's judgement.
 *
 * "Candidates for a claim" (scripts/eval-claims-candidates.ts): every document's table in one library of
 * the embedded service, the others its distractors; the right cell at rank 1 for single figures, the right
 * operand set in the top 5 and at rank 1 for derived claims, false supported on the top candidate, and the
 * time per claim at 10,000 and 100,000 units. Each claim is asked with its document's paragraphs as
 * context, as the workbench asks with the article; `--no-context` asks without. `--quick` reads a quarter
 * of the documents' claims and skips the largest library.
 *
 * Documents are split into dev and held-out halves by a stable hash of the table's uid (the split of
 * `npm run eval:numeric`); numbers are printed for each half and both. `--show` lists dev sentences missed
 * and dev sentences listed without a measured number, for tuning on dev; held-out sentences are never
 * printed.
 *
 * The corpus lives outside the repository (../shared/corpus/tables/tatqa_dataset_dev.json); without it the
 * script says so and exits 0.
 */
import { existsSync, readFileSync } from 'node:fs';
import { listClaims, type ListedClaim } from '../service/claims/detect';
import type { TextSpan } from '../service/claims/sentences';
import { reportCandidates } from './eval-claims-candidates';
import { CORPUS, documentsOf, type ClaimsItem, type Document } from './eval-claims-corpus';
import { HALVES, type Half } from './eval-numeric-families';

const TARGETS = { recall: 0.95, precision: 0.85 } as const;

type Scope = Half | 'all';
const SCOPES: readonly Scope[] = ['dev', 'held-out', 'all'];

interface DetectionCounts {
  documents: number;
  claimSentences: number;
  claimSentencesListed: number;
  restatingNumbers: number;
  restatingNumbersRead: number;
  listedSentences: number;
  listedSentencesMeasured: number;
  listedClaims: number;
  listedClaimsMeasured: number;
}

const zeroCounts = (): DetectionCounts => ({
  documents: 0,
  claimSentences: 0,
  claimSentencesListed: 0,
  restatingNumbers: 0,
  restatingNumbersRead: 0,
  listedSentences: 0,
  listedSentencesMeasured: 0,
  listedClaims: 0,
  listedClaimsMeasured: 0,
});

/** One document's detection: its claims and what the ground truth says of them. */
interface DocumentDetection {
  document: Document;
  claims: ListedClaim[];
  missed: TextSpan[];
  unmeasured: TextSpan[];
  counts: DetectionCounts;
}

const key = (s: TextSpan) => `${s.start}:${s.end}`;

/** A claim states a measured number: one restating a cell, with a unit, scale, percent or currency, or words. */
function measured(claim: ListedClaim, restating: ReadonlySet<number>): boolean {
  return claim.numbers.some((n) => restating.has(n.start) || n.unit !== null || n.scale !== 1 || n.word);
}

function detect(document: Document): DocumentDetection {
  const claims = listClaims(document.article);
  const restating = new Set(document.restatements.map((r) => r.figure.start));
  const listed = new Map<string, { span: TextSpan; measured: boolean }>();
  for (const c of claims) {
    const k = key(c.sentence);
    const entry = listed.get(k) ?? { span: c.sentence, measured: false };
    entry.measured ||= measured(c, restating);
    listed.set(k, entry);
  }
  const read = new Set(claims.flatMap((c) => c.numbers.map((n) => n.start)));
  const missed = document.claimSentences.filter((s) => !listed.has(key(s)));
  const unmeasured = [...listed.values()].filter((e) => !e.measured).map((e) => e.span);
  return {
    document,
    claims,
    missed,
    unmeasured,
    counts: {
      documents: 1,
      claimSentences: document.claimSentences.length,
      claimSentencesListed: document.claimSentences.length - missed.length,
      restatingNumbers: document.restatements.length,
      restatingNumbersRead: document.restatements.filter((r) => read.has(r.figure.start)).length,
      listedSentences: listed.size,
      listedSentencesMeasured: listed.size - unmeasured.length,
      listedClaims: claims.length,
      listedClaimsMeasured: claims.filter((c) => measured(c, restating)).length,
    },
  };
}

function add(a: DetectionCounts, b: DetectionCounts): DetectionCounts {
  const out = zeroCounts();
  for (const k of Object.keys(out) as (keyof DetectionCounts)[]) out[k] = a[k] + b[k];
  return out;
}

const ratio = (n: number, of: number) => (of === 0 ? null : n / of);
const pct = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);
const mark = (r: number | null, target: number) => (r !== null && r >= target ? '✓' : '✗');

function countsByScope(detections: readonly DocumentDetection[]): Record<Scope, DetectionCounts> {
  const out: Record<Scope, DetectionCounts> = {
    dev: zeroCounts(),
    'held-out': zeroCounts(),
    all: zeroCounts(),
  };
  for (const d of detections) {
    out[d.document.half] = add(out[d.document.half], d.counts);
    out.all = add(out.all, d.counts);
  }
  return out;
}

function reportDetection(detections: readonly DocumentDetection[], show: boolean): string[] {
  const by = countsByScope(detections);
  const lines = [
    '## Claim detection',
    '',
    'recall: of the sentences holding a number that restates a table cell, the share listed as a claim.',
    "restating numbers read: of the numbers restating a cell, the share read as one of a listed claim's numbers.",
    'precision: of the sentences listed, the share where a listed claim states a number that restates a cell,',
    'carries a unit, scale, percent or currency, or is a word quantity ("doubled", "a quarter"). A proxy, not',
    'a person\'s judgement: a bare count restating no cell ("12 stores") counts as a miss.',
    'claim precision: the same, per listed claim (a compound sentence lists several).',
    '',
    `| scope | documents | claim sentences | recall | restating numbers read | sentences listed | precision | claims listed | claim precision |`,
    `| --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
  ];
  for (const scope of SCOPES) {
    const c = by[scope];
    const recall = ratio(c.claimSentencesListed, c.claimSentences);
    const precision = ratio(c.listedSentencesMeasured, c.listedSentences);
    lines.push(
      `| ${scope} | ${c.documents} | ${c.claimSentences} | ${pct(recall)} ${mark(recall, TARGETS.recall)} | ` +
        `${pct(ratio(c.restatingNumbersRead, c.restatingNumbers))} of ${c.restatingNumbers} | ` +
        `${c.listedSentences} | ${pct(precision)} ${mark(precision, TARGETS.precision)} | ` +
        `${c.listedClaims} | ${pct(ratio(c.listedClaimsMeasured, c.listedClaims))} |`,
    );
  }
  lines.push(
    '',
    `Targets: recall ≥ ${pct(TARGETS.recall)}, precision ≥ ${pct(TARGETS.precision)} (marks against each scope).`,
  );
  if (show) {
    const dev = detections.filter((d) => d.document.half === 'dev');
    lines.push('', '### Dev sentences missed (a number restates a cell; not listed)', '');
    for (const d of dev)
      for (const s of d.missed) lines.push(`- ${d.document.article.slice(s.start, s.end)}`);
    lines.push('', '### Dev sentences listed without a measured number', '');
    for (const d of dev)
      for (const s of d.unmeasured) lines.push(`- ${d.document.article.slice(s.start, s.end)}`);
  }
  return lines;
}

interface SectionOptions {
  show: boolean;
  noContext: boolean;
  /** A sample of the documents' claims, for a run in a minute or two. */
  quick: boolean;
  /** The documents' items, in the order of the documents. */
  items: readonly ClaimsItem[];
}

/** One section of the report. */
type Section = (documents: readonly Document[], options: SectionOptions) => string[] | Promise<string[]>;

const SECTIONS: readonly Section[] = [
  (documents, { show }) => reportDetection(documents.map(detect), show),
  (documents, options) => reportCandidates(documents, options),
];

async function main(): Promise<number> {
  if (!existsSync(CORPUS)) {
    console.log(`eval:claims skipped: the TAT-QA dev set is not at ${CORPUS} (nothing to evaluate).`);
    return 0;
  }
  const show = process.argv.includes('--show');
  const quick = process.argv.includes('--quick');
  const noContext = process.argv.includes('--no-context');
  const items = JSON.parse(readFileSync(CORPUS, 'utf8')) as ClaimsItem[];
  const documents = documentsOf(items);
  const halves = HALVES.map((h) => `${documents.filter((d) => d.half === h).length} ${h}`).join(' / ');
  const lines = [
    '# Claims from text (TAT-QA dev)',
    '',
    `Documents: ${documents.length} (${halves}), split by a stable hash of the table uid; tune on dev only.`,
  ];
  for (const section of SECTIONS)
    lines.push('', ...(await section(documents, { show, quick, noContext, items })));
  console.log(lines.join('\n'));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
