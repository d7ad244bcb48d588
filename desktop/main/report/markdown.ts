import {
  settledOutcome,
  type Arithmetic,
  type NumericResponse,
  type SettledOutcome,
} from '../../../shared/api/numeric';
import { VERDICT_WORDING, type PersonVerdict } from '../../../shared/bridge/cases';
import { computedSign, signInWords } from '../../../shared/text/computed-sign';
import { displayName, displayText, displayTitle } from '../../../shared/text/display-name';
import { ARTICLE_KIND_WORDS, articleName, articleOrder, placeWords, type NumberedCheck } from './article';
import { glanceRows } from './glance';
import { escapeMarkdown } from './markdown-text';
import type {
  ReportBundle,
  ReportCase,
  ReportCitation,
  ReportOperand,
  ReportCheck,
  ReportUnit,
} from './model';

// The Markdown writer of a report. Every name, title, snippet and other text that came from a
// document or a person is shown through displayText / displayTitle / displayName and then escaped for
// where it sits (markdown-text.ts), so it cannot open a link, an image, HTML or a heading. Unresolved outcomes are said so in words; scope and
// limitation are printed with every check; the person's judgments and verdict are labelled as theirs.

/** An outcome as a report words it; only `supported` is worded as support. */
export type ReportOutcome = SettledOutcome;

export const REPORT_OUTCOME_WORDING: Record<ReportOutcome, string> = {
  supported: 'Supported by the figures',
  contradicted: 'Contradicted by the figures',
  escalate: "Needs a person's judgment",
  not_applicable: 'Not checkable',
  inconsistent: 'Not settled: the answer contradicts itself',
};

/** The outcome to word: a decision its own arithmetic or comparability does not back is not settled. */
export const reportOutcome = settledOutcome;

/** An outcome in words, with "Unresolved" in front of every outcome that is not a decision. */
export function outcomeInWords(response: NumericResponse): string {
  const shown = reportOutcome(response);
  const words = REPORT_OUTCOME_WORDING[shown];
  return shown === 'supported' || shown === 'contradicted' ? words : `Unresolved: ${words}`;
}

export { escapeMarkdown };

/** Text from the app itself (numbers, ids, hashes, enum values) shown in a code span. */
function code(text: string): string {
  const clean = displayText(text).replace(/`/g, "'");
  return `\`${clean}\``;
}

/** A comparability facet (or `meaning`) in words. */
export const FACET_WORDS: Record<string, string> = {
  unit: 'same unit',
  scale: 'same scale',
  entity: 'same entity',
  period: 'same period',
  basis: 'same basis',
  meaning: 'meaning of the claim',
  roles: 'which figure is which',
};

const ROLE_STATE_WORDS: Record<string, string> = {
  bound: "bound by the claim's words",
  person: 'given by a person',
  not_needed: 'no roles needed',
  unclear: "unclear: the claim's words do not say which figure is which (unresolved)",
};

/**
 * Which figure is which, as the service answered: each figure's role with the claim's words that named it
 * ("figure 1: subject, ‹handgun checks›; figure 2: reference, ‹long gun checks›"), and how they were bound.
 */
export function rolesInWords(r: NumericResponse): string | null {
  if (r.roles === undefined) return null;
  const each = r.operands
    .map((o, i) =>
      o.role === undefined
        ? null
        : `figure ${i + 1}: ${o.role.role}${o.role.words === null ? '' : `, ‹${o.role.words}›`}`,
    )
    .filter((x) => x !== null);
  const state = ROLE_STATE_WORDS[r.roles.state] ?? r.roles.state;
  return `${each.length > 0 ? `${each.join('; ')} (${state})` : state}: ${r.roles.reason}`;
}

/** A person's judgment in words: "same period holds", or their answer to which figure is which. */
export function judgmentWords(j: { facet: string; holds: boolean }): string {
  if (j.facet === 'roles') return 'their answer to which figure is which:';
  return `${FACET_WORDS[j.facet] ?? j.facet} ${j.holds ? 'holds' : 'does not hold'}.`;
}

/**
 * What the service computed, in words: a comparison's truth value (sent as -1, 0 or 1) says which figure is
 * larger ("figure 1 (56,941) is more than figure 2 (51,670)"), as the result card does; anything else is
 * the number as sent (null: nothing computed).
 */
export function computedWords(a: Arithmetic, r: NumericResponse, claim: string): string | null {
  if (a.computed === null) return null;
  const sign = computedSign(a, claim);
  if (sign === null) return String(a.computed);
  const named = signInWords(sign, r.operands, (i) => `figure ${i + 1} (${r.operands[i]?.figure.raw ?? '?'})`);
  return named ?? "which figure is larger (the service's reason names them)";
}

/** The person's verdict in words: "False". */
export function verdictWords(v: Pick<PersonVerdict, 'verdict'>): string {
  return VERDICT_WORDING[v.verdict];
}

/** A facet's result in words: holds, does not hold, or left to a person. */
export function facetResult(passed: boolean | null, decidedBy: string): string {
  if (passed === null || decidedBy === 'judge') return "left to a person's judgment";
  return passed ? 'holds' : 'does not hold';
}

function unitLine(unit: ReportUnit): string {
  const where =
    unit.kind === 'sheet'
      ? `sheet ${unit.index}${unit.sheetName === null ? '' : ` (${escapeMarkdown(unit.sheetName)})`}`
      : `page ${unit.index}`;
  return `${where}, unit ${code(unit.sourceUnitId)}, read by ${code(unit.extractionMethod)}`;
}

function sourceTitle(source: ReportOperand['source'], place: 'inline' | 'block' = 'inline'): string {
  const meta = source.sourceMetadata;
  return escapeMarkdown(displayTitle(meta.title, meta.filename), place);
}

function sourceLines(source: ReportOperand['source'], indent: string): string[] {
  const meta = source.sourceMetadata;
  const lines = [
    `${indent}- File: ${escapeMarkdown(displayName(meta.filename))}`,
    `${indent}- Bytes hash: ${code(source.bytesHash)}`,
    `${indent}- Source version: ${code(source.sourceVersionId)}`,
  ];
  if (meta.url !== null) lines.push(`${indent}- URL: ${escapeMarkdown(meta.url)}`);
  return lines;
}

function positionLine(operand: ReportOperand): string {
  const p = operand.figure.position;
  if (p.kind === 'box')
    return `box x ${code(String(p.x))}, y ${code(String(p.y))}, width ${code(String(p.width))}, height ${code(String(p.height))} (PDF points, origin top-left)`;
  if (p.kind === 'cell') return `cell ${code(p.ref)}`;
  return `characters ${operand.figure.span.start}–${operand.figure.span.end} of the unit's text`;
}

function operandSection(operand: ReportOperand, n: number): string[] {
  const f = operand.figure;
  return [
    `${n}. Figure ${escapeMarkdown(f.raw)} (value ${code(String(f.value))}${f.unit === null ? '' : `, unit ${escapeMarkdown(f.unit)}`}) from ${sourceTitle(operand.source)}`,
    ...sourceLines(operand.source, '   '),
    `   - Representation: ${code(operand.representationId)}, extractor ${code(operand.extractorVersion)}`,
    `   - Where: ${unitLine(operand.unit)}; figure ${code(String(operand.reference.figure_index))} at ${positionLine(operand)}`,
  ];
}

function responseLines(r: NumericResponse | null, claim: string): string[] {
  if (r === null) return ['- Unresolved: not checked by the service'];
  const lines = [`- The service's outcome: **${outcomeInWords(r)}**`];
  lines.push(`- The service's reason: ${escapeMarkdown(r.reason)}`);
  if (r.arithmetic === null) lines.push('- Arithmetic: not given by the service (unresolved)');
  else {
    const a = r.arithmetic;
    const computed = computedWords(a, r, claim);
    const sign = computedSign(a, claim) !== null;
    lines.push(
      `- Arithmetic: ${code(a.verdict)}${computed === null ? '' : `, computed ${sign ? escapeMarkdown(computed) : code(computed)}`}, tolerance ${code(String(a.tolerance))}: ${escapeMarkdown(a.reason)}`,
    );
    if (a.holds_only_by_rounding === true)
      lines.push('- The claim holds only because of the rounding its stated precision allows');
    if (a.line !== undefined) lines.push(`- In the claim's terms: ${escapeMarkdown(a.line)}`);
  }
  const roles = rolesInWords(r);
  if (roles !== null) lines.push(`- Which figure is which: ${escapeMarkdown(roles)}`);
  if (r.comparability === null) lines.push('- Comparability: not given by the service (unresolved)');
  else {
    const c = r.comparability;
    lines.push(`- Comparability: ${code(c.verdict)}: ${escapeMarkdown(c.reason)}`);
    for (const facet of c.facets)
      lines.push(
        `  - ${FACET_WORDS[facet.facet] ?? facet.facet}: ${facetResult(facet.passed, facet.decidedBy)}`,
      );
  }
  lines.push(`- Scope: ${code(r.scope)} (the service checks the arithmetic only)`);
  lines.push(`- Limitation: ${escapeMarkdown(r.limitation)}`);
  return lines;
}

/** A check's heading words: the outcome, or that it was never checked. */
export function checkHeadline(check: Pick<ReportCheck, 'response'>): string {
  return check.response === null ? 'Unresolved: not checked' : outcomeInWords(check.response);
}

function judgmentLine(j: ReportCheck['personJudgments'][number]): string {
  // null: no name was set when it was made, or it was made before judgments kept their author.
  const author = j.author === null ? 'an unknown author' : escapeMarkdown(j.author);
  return `- **Judgment by ${author} (the person's, not the service's)**, ${code(j.at)}: ${judgmentWords(j)} ${escapeMarkdown(j.note)}`;
}

/** The person's verdict, under its own heading: theirs, with its author and time, never the service's. */
function verdictLines(v: PersonVerdict | null | undefined): string[] {
  if (v === null || v === undefined) return ['None given.'];
  const author = v.author === null ? 'an unknown author' : escapeMarkdown(v.author);
  return [
    `- **Verdict by ${author} (the person's, not the service's)**, ${code(v.at)}: **${verdictWords(v)}**${v.note === null ? '' : ` — ${escapeMarkdown(v.note)}`}`,
  ];
}

function checkSection(check: ReportCheck, n: number): string[] {
  const lines = [`### Check ${n}: ${checkHeadline(check)}`, ''];
  lines.push(`> ${escapeMarkdown(check.request.claim, 'block')}`, '');
  if (check.keptAt !== null) lines.push(`- Kept: ${code(check.keptAt)}`);
  lines.push('', '#### Figures', '');
  if (check.operands.length === 0) lines.push('No figures selected.');
  else check.operands.forEach((o, i) => lines.push(...operandSection(o, i + 1)));
  lines.push('', "#### The service's answer", '', ...responseLines(check.response, check.request.claim));
  lines.push('', "#### The person's verdict", '', ...verdictLines(check.personVerdict));
  lines.push('', "#### The person's judgments", '');
  if (check.personJudgments.length === 0) lines.push('None.');
  for (const j of check.personJudgments) lines.push(judgmentLine(j));
  lines.push('');
  return lines;
}

function citationSection(citation: ReportCitation, n: number): string[] {
  return [
    `${n}. ${sourceTitle(citation.source, 'block')}, ${unitLine(citation.unit)}`,
    `   - Snippet: ${escapeMarkdown(citation.snippet)}`,
    `   - Found by the search: ${escapeMarkdown(citation.query)}`,
    `   - Kept: ${code(citation.at)}`,
    ...sourceLines(citation.source, '   '),
    `   - Representation: ${code(citation.representationId)}, extractor ${code(citation.extractorVersion)}`,
  ];
}

/** One check in the article's list: its number, the service's outcome and the person's verdict. */
function articleCheckLine(n: NumberedCheck, indent: string): string {
  const verdict = glanceVerdict(n.check.personVerdict ?? null, (name) => escapeMarkdown(name));
  return `${indent}- Check ${n.number}: ${checkHeadline(n.check)}; the person's verdict: ${verdict}`;
}

/**
 * A case made from an article: the article named, then its claims in the order they are written, each with
 * its checks, then the checks not read from it. Nothing for a case not made from an article.
 */
function articleSection(c: ReportCase): string[] {
  const order = articleOrder(c);
  if (order === null) return [];
  const a = order.article;
  const lines = ['### The article', ''];
  lines.push(`- Article: ${escapeMarkdown(articleName(a))}`);
  lines.push(`- From: ${ARTICLE_KIND_WORDS[a.kind]}`);
  if (a.url !== null) lines.push(`- Address: ${escapeMarkdown(a.url)}`);
  if (a.sourceVersionId !== null) lines.push(`- Source version: ${code(a.sourceVersionId)}`);
  lines.push(`- Text hash: ${code(`sha256:${a.sha256}`)} (of the text the claims' places index)`, '');
  lines.push("### The article's claims, in its order", '');
  if (order.claims.length === 0) lines.push('No check of this case was read from the article.');
  order.claims.forEach((claim, i) => {
    lines.push(
      `${i + 1}. ${escapeMarkdown(claim.claim, 'block')} (${placeWords(claim.span)})`,
      ...claim.checks.map((n) => articleCheckLine(n, '   ')),
    );
  });
  if (order.elsewhere.length > 0) {
    lines.push('', 'Checks not read from the article:', '');
    for (const n of order.elsewhere) lines.push(articleCheckLine(n, ''));
  }
  lines.push('');
  return lines;
}

function caseSection(c: ReportCase): string[] {
  const lines = [
    `## ${escapeMarkdown(c.title, 'heading')}`,
    '',
    `- Case: ${code(c.caseId)}`,
    `- Created: ${code(c.createdAt)}; last changed: ${code(c.updatedAt)}`,
    '',
  ];
  if (c.notes.trim() !== '')
    lines.push('### Notes', '', ...c.notes.split(/\r?\n/).map((l) => `> ${escapeMarkdown(l, 'block')}`), '');
  lines.push(...articleSection(c));
  c.checks.forEach((check, i) => lines.push(...checkSection(check, i + 1)));
  lines.push('', '### Citations', '');
  if (c.citations.length === 0) lines.push('None.');
  else c.citations.forEach((cit, i) => lines.push(...citationSection(cit, i + 1)));
  lines.push('');
  return lines;
}

/** A verdict in a glance row: "False (by Ada)", or "None given"; the name made safe by `safe`. */
export function glanceVerdict(v: PersonVerdict | null, safe: (name: string) => string): string {
  if (v === null) return 'None given';
  return `${verdictWords(v)} (by ${v.author === null ? 'an unknown author' : safe(v.author)})`;
}

/** "At a glance": a table of every check with its own claim, the service's outcome and the person's verdict. */
function glanceSection(bundle: ReportBundle): string[] {
  return [
    '## At a glance',
    '',
    "| Case | Check | Claim | The service's outcome | The person's verdict |",
    '| --- | --- | --- | --- | --- |',
    ...glanceRows(bundle).map(
      (row) =>
        `| ${escapeMarkdown(row.caseTitle, 'cell')} | Check ${row.checkNumber} | ${escapeMarkdown(row.claim, 'cell')} | ${checkHeadline(row)} | ${glanceVerdict(row.verdict, (name) => escapeMarkdown(name, 'cell'))} |`,
    ),
    '',
  ];
}

/** The report as Markdown. */
export function reportMarkdown(bundle: ReportBundle): string {
  const lines = [
    `# ${escapeMarkdown(bundle.title, 'heading')}`,
    '',
    `- Author: ${bundle.authorName === null ? 'not set' : escapeMarkdown(bundle.authorName)}`,
    `- Generated: ${code(bundle.generatedAt)}`,
    `- App ${code(bundle.appVersion)}, extractor ${code(bundle.extractorVersion)}`,
    `- Content digest: ${code(`sha256:${bundle.integrity.digest}`)}${bundle.integrity.signature === null ? '' : `, signed with Ed25519 key ${code(bundle.integrity.signature.publicKey)}`}`,
    '',
  ];
  lines.push(...glanceSection(bundle));
  for (const c of bundle.cases) lines.push(...caseSection(c));
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n*$/, '\n');
}
