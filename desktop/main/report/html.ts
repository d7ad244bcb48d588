import type { NumericResponse } from '../../../shared/api/numeric';
import { displayName, displayText, displayTitle } from '../../../shared/text/display-name';
import { cropKey, type ReportCrop } from './crop-geometry';
import { ARTICLE_KIND_WORDS, articleName, articleOrder, placeWords, type NumberedCheck } from './article';
import { glanceRows } from './glance';
import type { PersonVerdict } from '../../../shared/bridge/cases';
import { computedSign } from '../../../shared/text/computed-sign';
import {
  checkHeadline,
  computedWords,
  FACET_WORDS,
  facetResult,
  glanceVerdict,
  judgmentWords,
  outcomeInWords,
  reportOutcome,
  rolesInWords,
  verdictWords,
} from './markdown';
import type {
  PersonJudgment,
  ReportBundle,
  ReportCase,
  ReportCheck,
  ReportCitation,
  ReportOperand,
  ReportUnit,
} from './model';

// The HTML writer of a report: one self-contained file an editor reads on a screen or a phone,
// or prints (the PDF is this file printed by Chromium). It says what the Markdown writer says, in the same
// words (outcomeInWords, checkHeadline, FACET_WORDS), adds a crop of every cited figure, and shows each
// outcome in colour as well as in words: supported green, contradicted red, everything unresolved amber and
// worded "Unresolved", never styled as success.
// Nothing runs and nothing is fetched: no script, no external URL (a source's http(s) URL is a plain link),
// no inline style attribute; a Content-Security-Policy meta allows only data: images and the one <style>.
// Every string is HTML-escaped; text from a document or a person goes through displayText first (bidi
// controls and invisible characters removed) and sits in <bdi> where it is inside a sentence.

/** The words and class of a check's outcome: one of three colours, unresolved whenever not decided. */
type Tone = 'supported' | 'contradicted' | 'unresolved';

function toneOf(response: NumericResponse | null): Tone {
  if (response === null) return 'unresolved';
  const shown = reportOutcome(response);
  return shown === 'supported' || shown === 'contradicted' ? shown : 'unresolved';
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** HTML-escapes & < > " ' (safe in text and in a quoted attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** Text from a document or a person: display-safe, then escaped. */
function doc(text: string): string {
  return escapeHtml(displayText(text));
}

/** Document text inside a sentence, isolated from its neighbours' direction. */
function bdi(text: string): string {
  return `<bdi>${doc(text)}</bdi>`;
}

/** An app value (id, hash, number, enum) in a code element. */
function code(text: string | number): string {
  return `<code>${doc(String(text))}</code>`;
}

/** A person's text of several lines: each line display-safe and escaped, the lines kept apart. */
function multiline(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map(doc)
    .join('<br>');
}

function time(iso: string): string {
  return `<time datetime="${doc(iso)}">${doc(iso)}</time>`;
}

/** A description list of [term, html] pairs. */
function details(rows: readonly (readonly [string, string])[], className = 'facts'): string {
  return `<dl class="${className}">${rows.map(([term, value]) => `<div><dt>${term}</dt><dd>${value}</dd></div>`).join('')}</dl>`;
}

/** A link for an http(s) URL (shown as its text), the text alone for anything else. */
function urlHtml(url: string): string {
  let href: string | null = null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') href = parsed.href;
  } catch {
    href = null;
  }
  const shown = bdi(url);
  return href === null ? shown : `<a href="${escapeHtml(href)}" rel="noreferrer noopener">${shown}</a>`;
}

function sourceTitle(source: ReportOperand['source']): string {
  return bdi(displayTitle(source.sourceMetadata.title, source.sourceMetadata.filename));
}

function unitWords(unit: ReportUnit): string {
  return unit.kind === 'sheet'
    ? `sheet ${unit.index}${unit.sheetName === null ? '' : ` (${bdi(unit.sheetName)})`}`
    : `page ${unit.index}`;
}

function unitHtml(unit: ReportUnit): string {
  return `${unitWords(unit)}, unit ${code(unit.sourceUnitId)}, read by ${code(unit.extractionMethod)}`;
}

function sourceRows(source: ReportOperand['source']): [string, string][] {
  const meta = source.sourceMetadata;
  const rows: [string, string][] = [
    ['Document', sourceTitle(source)],
    ['File', bdi(displayName(meta.filename))],
  ];
  if (meta.url !== null) rows.push(['URL', urlHtml(meta.url)]);
  rows.push(['Bytes hash', code(source.bytesHash)], ['Source version', code(source.sourceVersionId)]);
  return rows;
}

/** A coordinate in points, to a hundredth (the bundle keeps the exact value). */
function points(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Whether a cell's text reads as a number (aligned right, as a sheet shows it). */
function looksNumeric(text: string): boolean {
  return /^[-+−(]?[$€£¥]?\s?[\d][\d.,\s']*%?\)?$/u.test(text.trim());
}

function positionHtml(operand: ReportOperand): string {
  const p = operand.figure.position;
  if (p.kind === 'box')
    return `box x ${code(points(p.x))}, y ${code(points(p.y))}, width ${code(points(p.width))}, height ${code(points(p.height))} (PDF points, origin top-left)`;
  if (p.kind === 'cell') return `cell ${code(p.ref)}`;
  return `characters ${operand.figure.span.start}–${operand.figure.span.end} of the unit's text`;
}

// ---- crops ----

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Below this width the report is laid out for a phone (REPORT_CSS uses the same). */
const NARROW = '40rem';

function cropHtml(crop: ReportCrop | undefined, operand: ReportOperand, place: string): string {
  if (crop === undefined) return '<p class="no-crop">No crop: none was made for this report.</p>';
  if (crop.kind === 'none') return `<p class="no-crop">No crop: ${doc(crop.reason)}</p>`;
  if (crop.kind === 'image') {
    const valid = (png: string) => png.length > 0 && BASE64.test(png);
    if (!valid(crop.pngBase64) || !valid(crop.closeUp.pngBase64))
      return '<p class="no-crop">No crop: the image is not valid base64.</p>';
    const alt = displayText(crop.alt) || `The figure ${displayText(operand.figure.raw)} highlighted`;
    const img = (png: string, width: number, height: number, className: string, words: string) =>
      `<img class="${className}" src="data:image/png;base64,${png}" width="${Math.max(1, Math.round(width))}" height="${Math.max(1, Math.round(height))}" alt="${escapeHtml(words)}">`;
    const where = `${operand.unit.kind === 'sheet' ? 'Sheet' : 'Page'} ${operand.unit.index}`;
    return (
      `<figure class="crop crop-image">` +
      img(crop.closeUp.pngBase64, crop.closeUp.width, crop.closeUp.height, 'close-up', `${alt}, close up`) +
      img(crop.pngBase64, crop.width, crop.height, 'row-band', `${alt}: its row across the page`) +
      `<figcaption>${where} drawn from the retained bytes: the figure ${bdi(operand.figure.raw)} close up, then its row across the page; the figure is outlined in magenta in both.</figcaption>` +
      `</figure>`
    );
  }
  if (crop.kind === 'cells') {
    const head = `<tr><th scope="col"><span class="sr-only">Row</span></th>${crop.columns.map((c) => `<th scope="col">${doc(c)}</th>`).join('')}</tr>`;
    const body = crop.rows
      .map(
        (row) =>
          `<tr><th scope="row">${row.row}</th>${row.cells
            .map((cell) =>
              cell.marked
                ? `<td class="marked${looksNumeric(cell.text) ? ' num' : ''}"><mark>${bdi(cell.text)}</mark> <span class="marked-label">(the figure)</span></td>`
                : `<td${looksNumeric(cell.text) ? ' class="num"' : ''}>${bdi(cell.text)}</td>`,
            )
            .join('')}</tr>`,
      )
      .join('');
    const marked = crop.rows.flatMap((r) => r.cells).find((c) => c.marked);
    const caption = `The cells around ${marked ? code(marked.ref) : 'the figure'} in sheet ${bdi(crop.sheetName)}`;
    return (
      `<figure class="crop crop-cells"><div class="table-scroll" role="region" aria-label="The cells around ${marked ? doc(marked.ref) : 'the figure'}, ${escapeHtml(place)}" tabindex="0">` +
      `<table class="cells"><caption>${caption}</caption><thead>${head}</thead><tbody>${body}</tbody></table></div></figure>`
    );
  }
  // text: display-safe parts, keeping the space between the figure and its neighbours
  const before = displayText(crop.before) + (/\s$/u.test(crop.before) ? ' ' : '');
  const after = (/^\s/u.test(crop.after) ? ' ' : '') + displayText(crop.after);
  return (
    `<figure class="crop crop-text"><blockquote class="excerpt"><p>${escapeHtml(before)}<mark>${doc(crop.figure)}</mark>${escapeHtml(after)}</p></blockquote>` +
    `<figcaption>The text around the figure, from ${unitWords(operand.unit)} of ${sourceTitle(operand.source)}.</figcaption></figure>`
  );
}

// ---- checks ----

function operandHtml(
  operand: ReportOperand,
  n: number,
  crop: ReportCrop | undefined,
  headingId: string,
  /** Where the figure is in the report, in words ("case 1, check 2, figure 1"). */
  place: string,
): string {
  const f = operand.figure;
  const heading =
    `<h5 id="${headingId}">Figure ${n}: ${bdi(f.raw)} <span class="figure-value">(value ${code(f.value)}` +
    `${f.unit === null ? '' : `, unit ${bdi(f.unit)}`})</span></h5>`;
  const rows: [string, string][] = [
    ...sourceRows(operand.source),
    ['Representation', `${code(operand.representationId)}, extractor ${code(operand.extractorVersion)}`],
    [
      'Where',
      `${unitHtml(operand.unit)}; figure ${code(operand.reference.figure_index)} at ${positionHtml(operand)}`,
    ],
    ['Extraction method', code(operand.unit.extractionMethod)],
  ];
  return `<li class="operand" aria-labelledby="${headingId}">${heading}${cropHtml(crop, operand, place)}${details(rows)}</li>`;
}

function answerHtml(r: NumericResponse | null, claim: string): string {
  if (r === null)
    return details([
      ["The service's outcome", '<strong>Unresolved: not checked by the service</strong>'],
      ['Scope', 'none: the service has not checked this claim'],
      ['Limitation', 'Nothing about this claim has been checked.'],
    ]);
  const rows: [string, string][] = [
    ["The service's outcome", `<strong>${escapeHtml(outcomeInWords(r))}</strong>`],
    ["The service's reason", bdi(r.reason)],
  ];
  if (r.arithmetic === null) rows.push(['Arithmetic', 'not given by the service (unresolved)']);
  else {
    const a = r.arithmetic;
    const computed = computedWords(a, r, claim);
    // A comparison's truth value in words (which figure is larger), never its -1, 0 or 1.
    const shown = computed === null ? '' : computedSign(a, claim) !== null ? bdi(computed) : code(computed);
    let text = `${code(a.verdict)}${computed === null ? '' : `, computed ${shown}`}, tolerance ${code(a.tolerance)}: ${bdi(a.reason)}`;
    if (a.holds_only_by_rounding === true)
      text += '. The claim holds only because of the rounding its stated precision allows';
    rows.push(['Arithmetic', text]);
    if (a.line !== undefined) rows.push(["In the claim's terms", bdi(a.line)]);
  }
  const roles = rolesInWords(r);
  if (roles !== null) rows.push(['Which figure is which', bdi(roles)]);
  if (r.comparability === null) rows.push(['Comparability', 'not given by the service (unresolved)']);
  else {
    const c = r.comparability;
    const facets =
      c.facets.length === 0
        ? ''
        : `<ul class="facets">${c.facets
            .map(
              (facet) =>
                `<li>${escapeHtml(FACET_WORDS[facet.facet] ?? displayText(facet.facet))}: ${escapeHtml(facetResult(facet.passed, facet.decidedBy))}</li>`,
            )
            .join('')}</ul>`;
    rows.push(['Comparability', `${code(c.verdict)}: ${bdi(c.reason)}${facets}`]);
  }
  rows.push(['Scope', `${code(r.scope)} (the service checks the arithmetic only)`]);
  rows.push(['Limitation', bdi(r.limitation)]);
  return details(rows);
}

function judgmentHtml(j: PersonJudgment): string {
  // null: no name was set when it was made, or it was made before judgments kept their author.
  const author = j.author === null ? 'an unknown author' : bdi(j.author);
  return (
    `<div class="judgment"><p class="judgment-by"><strong>Judgment by ${author} (the person's, not the service's)</strong>, ${time(j.at)}</p>` +
    `<p>${escapeHtml(judgmentWords(j))} <bdi>${multiline(j.note)}</bdi></p></div>`
  );
}

/**
 * The person's verdict, in the person's dashed blue block (never the service's green, whatever it says):
 * "Verdict by NAME (the person's, not the service's), time — Their verdict: False — note".
 */
function verdictHtml(v: PersonVerdict | null | undefined): string {
  const head = `<section class="verdict"><h4>The person's verdict</h4>`;
  if (v === null || v === undefined) return `${head}<p>None given.</p></section>`;
  const author = v.author === null ? 'an unknown author' : bdi(v.author);
  return (
    `${head}<div class="judgment person-verdict"><p class="judgment-by"><strong>Verdict by ${author} (the person's, not the service's)</strong>, ${time(v.at)}</p>` +
    `<p>Their verdict: <strong class="verdict-value">${escapeHtml(verdictWords(v))}</strong>${v.note === null ? '' : ` — <bdi>${multiline(v.note)}</bdi>`}</p></div></section>`
  );
}

function checkHtml(
  c: ReportCase,
  check: ReportCheck,
  index: number,
  crops: ReadonlyMap<string, ReportCrop>,
  prefix: string,
): string {
  const tone = toneOf(check.response);
  const id = `${prefix}-check-${index + 1}`;
  const headline = checkHeadline(check);
  const parts = [
    `<article class="check tone-${tone}" id="${id}" aria-labelledby="${id}-h">`,
    `<div class="check-head">`,
    `<h3 id="${id}-h">Check ${index + 1}: <span class="badge">${escapeHtml(headline)}</span></h3>`,
    `<blockquote class="claim"><p>${doc(check.request.claim)}</p></blockquote>`,
    `<p class="kept">${
      check.keptAt === null || check.checkId === null
        ? 'The claim being worked on (not kept yet).'
        : `Kept check ${code(check.checkId)}, kept: ${time(check.keptAt)}`
    }</p>`,
    `<section class="answer"><h4>The service's answer</h4>${answerHtml(check.response, check.request.claim)}</section>`,
    verdictHtml(check.personVerdict),
    `</div>`,
    `<section class="figures"><h4>Figures</h4>`,
  ];
  if (check.operands.length === 0) parts.push('<p>No figures selected.</p>');
  else
    parts.push(
      `<ol class="operands">${check.operands
        .map((o, i) =>
          operandHtml(
            o,
            i + 1,
            crops.get(cropKey(c.caseId, index, i)),
            `${id}-f${i + 1}`,
            `${prefix.replace('-', ' ')}, check ${index + 1}, figure ${i + 1}`,
          ),
        )
        .join('')}</ol>`,
    );
  parts.push('</section>');
  parts.push(`<section class="judgments"><h4>The person's judgments</h4>`);
  if (check.personJudgments.length === 0) parts.push('<p>None.</p>');
  else parts.push(check.personJudgments.map(judgmentHtml).join(''));
  parts.push('</section></article>');
  return parts.join('');
}

function citationHtml(citation: ReportCitation): string {
  return (
    `<li class="citation"><p>${sourceTitle(citation.source)}, ${unitHtml(citation.unit)}</p>` +
    details([
      ['Snippet', bdi(citation.snippet)],
      ['Found by the search', bdi(citation.query)],
      ['Kept', time(citation.at)],
      ...sourceRows(citation.source).slice(1),
      ['Representation', `${code(citation.representationId)}, extractor ${code(citation.extractorVersion)}`],
    ]) +
    '</li>'
  );
}

/** One check in the article's list: a link to its section, the service's outcome, the person's verdict. */
function articleCheckHtml(n: NumberedCheck, prefix: string): string {
  const v = n.check.personVerdict ?? null;
  return (
    `<li class="tone-${toneOf(n.check.response)}"><a href="#${prefix}-check-${n.number}">Check ${n.number}</a>: ` +
    `<span class="badge">${escapeHtml(checkHeadline(n.check))}</span>; the person's verdict: ` +
    `${v === null ? glanceVerdict(null, doc) : `<span class="person-badge">${glanceVerdict(v, bdi)}</span>`}</li>`
  );
}

/**
 * A case made from an article: the article named, then its claims in the order they are written, each with
 * its checks, then the checks not read from it. Empty for a case not made from an article.
 */
function articleHtml(c: ReportCase, prefix: string): string {
  const order = articleOrder(c);
  if (order === null) return '';
  const a = order.article;
  const rows: [string, string][] = [
    ['Article', bdi(articleName(a))],
    ['From', escapeHtml(ARTICLE_KIND_WORDS[a.kind])],
  ];
  if (a.url !== null) rows.push(['Address', urlHtml(a.url)]);
  if (a.sourceVersionId !== null) rows.push(['Source version', code(a.sourceVersionId)]);
  rows.push(['Text hash', `${code(`sha256:${a.sha256}`)} (of the text the claims' places index)`]);
  // Named with the case's title as well: each case's article would otherwise be a region of the same name.
  const parts = [
    `<section class="article" aria-labelledby="${prefix}-article-h ${prefix}-h">`,
    `<h3 id="${prefix}-article-h">The article</h3>`,
    details(rows),
    `<h4>The article's claims, in its order</h4>`,
  ];
  if (order.claims.length === 0) parts.push('<p>No check of this case was read from the article.</p>');
  else
    parts.push(
      `<ol class="article-claims">${order.claims
        .map(
          (claim) =>
            `<li class="article-claim"><blockquote class="claim"><p>${doc(claim.claim)}</p></blockquote>` +
            `<p class="kept">${escapeHtml(placeWords(claim.span))}</p>` +
            `<ul class="article-checks">${claim.checks.map((n) => articleCheckHtml(n, prefix)).join('')}</ul></li>`,
        )
        .join('')}</ol>`,
    );
  if (order.elsewhere.length > 0)
    parts.push(
      `<h4>Checks not read from the article</h4>`,
      `<ul class="article-checks">${order.elsewhere.map((n) => articleCheckHtml(n, prefix)).join('')}</ul>`,
    );
  parts.push('</section>');
  return parts.join('');
}

function caseHtml(c: ReportCase, n: number, crops: ReadonlyMap<string, ReportCrop>): string {
  const prefix = `case-${n}`;
  const parts = [
    `<section class="case" id="${prefix}" aria-labelledby="${prefix}-h">`,
    `<h2 id="${prefix}-h">${bdi(c.title)}</h2>`,
    details([
      ['Case', code(c.caseId)],
      ['Created', time(c.createdAt)],
      ['Last changed', time(c.updatedAt)],
    ]),
  ];
  if (c.notes.trim() !== '')
    parts.push(
      `<section class="notes"><h3>Notes</h3>${c.notes
        .split(/\r?\n/)
        .map((line) => `<p>${doc(line) || '&#160;'}</p>`)
        .join('')}</section>`,
    );
  parts.push(articleHtml(c, prefix));
  c.checks.forEach((check, i) => parts.push(checkHtml(c, check, i, crops, prefix)));
  parts.push(`<section class="citations"><h3>Citations</h3>`);
  if (c.citations.length === 0) parts.push('<p>None.</p>');
  else parts.push(`<ol>${c.citations.map(citationHtml).join('')}</ol>`);
  parts.push('</section></section>');
  return parts.join('');
}

function summaryHtml(bundle: ReportBundle): string {
  const rows = glanceRows(bundle).map((row) => {
    const caseId = `case-${row.caseNumber}`;
    return (
      `<tr><td><a href="#${caseId}">${bdi(row.caseTitle)}</a></td>` +
      `<td><a href="#${caseId}-check-${row.checkNumber}">Check ${row.checkNumber}</a></td>` +
      `<td class="glance-claim">${bdi(row.claim)}</td>` +
      `<td class="tone-${toneOf(row.response)}"><span class="badge">${escapeHtml(checkHeadline(row))}</span></td>` +
      `<td class="glance-verdict">${row.verdict === null ? glanceVerdict(null, doc) : `<span class="person-badge">${glanceVerdict(row.verdict, bdi)}</span>`}</td></tr>`
    );
  });
  return (
    `<section class="summary" aria-labelledby="summary-h"><h2 id="summary-h">At a glance</h2>` +
    `<div class="table-scroll" role="region" aria-label="Every check, its claim, the service's outcome and the person's verdict" tabindex="0"><table class="glance"><thead><tr><th scope="col">Case</th><th scope="col">Check</th><th scope="col">Claim</th><th scope="col">The service's outcome</th><th scope="col">The person's verdict</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table></div></section>`
  );
}

/** The one style sheet of a report: screen (single column, phone-friendly) and print (A4). */
export const REPORT_CSS = `
:root { color-scheme: light; --ink: #1b1b1b; --muted: #4d4d4d; --line: #bdbdbd; --paper: #ffffff;
  --mark: #e4007c; --mark-bg: #fde4f1; --person: #1f4e9c; --person-bg: #edf2fb; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
.page { max-width: 52rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
h1, h2, h3, h4, h5 { line-height: 1.25; margin: 1.2em 0 0.5em; }
h1 { font-size: 1.8rem; margin-top: 0.5rem; }
h2 { font-size: 1.45rem; border-bottom: 2px solid var(--ink); padding-bottom: 0.2em; }
h3 { font-size: 1.2rem; }
h4 { font-size: 1.05rem; margin-top: 1em; }
h5 { font-size: 1rem; margin: 0 0 0.5em; }
p { margin: 0.4em 0; }
code, .id { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  font-size: 0.88em; background: #f1f1f1; padding: 0 0.2em; border-radius: 3px; }
code, dd, td, th, p, li, h1, h2, h3, h4, h5, blockquote, figcaption, caption { overflow-wrap: anywhere; }
a { color: #0b4fa8; }
.print-hint { background: #f4f4f4; border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem 0.75rem;
  color: var(--muted); font-size: 0.92rem; }
.facts { margin: 0.5em 0; display: grid; gap: 0.15em 0; }
.facts > div { display: grid; grid-template-columns: 11rem minmax(0, 1fr); gap: 0 1rem;
  border-top: 1px solid #e3e3e3; padding: 0.25em 0; }
.facts dt { font-weight: 600; color: var(--muted); }
.facts dd { margin: 0; min-width: 0; }
.facts ul { margin: 0.25em 0 0; padding-left: 1.2em; }
.tone-supported { --tone: #1d7a35; --tone-bg: #e2f3e6; --tone-ink: #0d4a1e; }
.tone-contradicted { --tone: #b3261e; --tone-bg: #fbe4e2; --tone-ink: #7a1610; }
.tone-unresolved { --tone: #b26a00; --tone-bg: #fff0cc; --tone-ink: #5c3700; }
.badge { display: inline-block; background: var(--tone-bg); color: var(--tone-ink); border: 2px solid var(--tone);
  border-radius: 4px; padding: 0.05em 0.45em; font-weight: 700; }
.check { border: 1px solid var(--line); border-left: 0.5rem solid var(--tone); border-radius: 6px;
  padding: 0.25rem 1rem 1rem; margin: 1.25rem 0; }
.check > h3 { margin-top: 0.75rem; }
.claim { margin: 0.5em 0; padding: 0.5em 0.9em; border-left: 4px solid var(--line); background: #f7f7f7;
  font-size: 1.05rem; }
.kept { color: var(--muted); font-size: 0.92rem; }
.operands { padding-left: 0; list-style: none; margin: 0; }
.operand { border-top: 1px solid var(--line); padding: 0.75em 0 0.25em; }
.figure-value { font-weight: 400; color: var(--muted); }
.crop { margin: 0.5em 0 0.75em; }
.crop img { display: block; max-width: 100%; height: auto; border: 1px solid var(--line); }
.crop img + img { margin-top: 0.4em; }
.crop figcaption { color: var(--muted); font-size: 0.88rem; margin-top: 0.3em; }
.table-scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; }
.cells { font-size: 0.9rem; }
.cells caption { text-align: left; color: var(--muted); font-size: 0.88rem; caption-side: bottom; padding-top: 0.3em; }
.cells th, .cells td { border: 1px solid var(--line); padding: 0.2em 0.5em; text-align: left; white-space: nowrap; }
.cells td.num { text-align: right; }
.cells thead th, .cells tbody th { background: #eeeeee; color: #333333; font-weight: 600; text-align: center; }
.cells td.marked { background: var(--mark-bg); outline: 3px solid var(--mark); outline-offset: -3px; font-weight: 700; }
.cells mark { box-shadow: none; background: transparent; padding: 0; }
.marked-label { font-weight: 400; font-size: 0.85em; color: #8a0049; }
mark { background: var(--mark-bg); color: inherit; box-shadow: 0 0 0 2px var(--mark); border-radius: 2px; padding: 0 0.1em; }
.excerpt { margin: 0; padding: 0.5em 0.9em; background: #fafafa; border: 1px solid var(--line); border-radius: 4px; }
.no-crop { border: 1px dashed var(--line); padding: 0.4em 0.7em; color: var(--muted); border-radius: 4px; }
.judgments { margin-top: 1rem; }
.judgment { border: 2px dashed var(--person); background: var(--person-bg); border-radius: 6px; padding: 0.5em 0.9em; margin: 0.5em 0; }
.judgment-by { color: var(--person); }
.verdict { margin-top: 0.75rem; }
.person-badge { display: inline-block; color: var(--person); background: var(--person-bg);
  border: 2px dashed var(--person); border-radius: 4px; padding: 0.05em 0.45em; font-weight: 700; }
.pre { white-space: pre-wrap; }
.notes { background: #f7f7f7; border: 1px solid var(--line); border-radius: 6px; padding: 0.25rem 1rem 0.75rem; }
.notes p { white-space: pre-wrap; margin: 0.2em 0; }
.citations ol { padding-left: 1.4em; }
.article-claims { padding-left: 1.4em; }
.article-claim { margin-bottom: 0.75em; }
.article-checks { padding-left: 1.2em; margin: 0.25em 0; }
.article-checks li { margin: 0.2em 0; }
.citation { margin-bottom: 0.75em; }
.glance { width: 100%; font-size: 0.95rem; }
.glance td:nth-child(2) { white-space: nowrap; }
.glance-claim { min-width: 12rem; }
.glance th, .glance td { border-bottom: 1px solid var(--line); padding: 0.35em 0.5em; text-align: left; vertical-align: top; }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
@media (max-width: ${NARROW}) {
  body { font-size: 15px; }
  .page { padding: 0.75rem 0.75rem 2rem; }
  h1 { font-size: 1.45rem; }
  h2 { font-size: 1.25rem; }
  .facts > div { grid-template-columns: minmax(0, 1fr); }
  .check { padding: 0.25rem 0.75rem 0.75rem; border-left-width: 0.35rem; }
}
@media print {
  @page { size: A4; margin: 16mm 15mm 18mm; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  body { font-size: 10pt; }
  .page { max-width: none; padding: 0; }
  .screen-only { display: none; }
  a { color: inherit; text-decoration: underline; }
  .case { break-before: page; }
  /* A check with its crops is longer than a page: its parts stay whole instead (the headline with the
     claim and the service's answer, each crop, each line of provenance, each judgment), and no heading is
     left at a page's foot. */
  .check-head, .crop, .judgment, .citation, .facts > div, .notes, .summary, tr { break-inside: avoid; }
  h1, h2, h3, h4, h5 { break-after: avoid; }
  .check { margin: 0 0 6mm; padding: 0.1rem 0.8rem 0.5rem; }
  .facts > div { grid-template-columns: 36mm minmax(0, 1fr); padding: 0.1em 0; }
  .table-scroll { overflow: visible; }
  .crop img { max-height: 65mm; width: auto; }
}
`;

/** The report as one self-contained HTML file, with the crop of each figure from `crops` (cropKey). */
export function reportHtml(bundle: ReportBundle, crops: ReadonlyMap<string, ReportCrop>): string {
  const sig = bundle.integrity.signature;
  const meta = details(
    [
      ['Author', bundle.authorName === null ? 'not set' : bdi(bundle.authorName)],
      ['Generated', time(bundle.generatedAt)],
      ['App', code(bundle.appVersion)],
      ['Extractor', code(bundle.extractorVersion)],
      ['Content digest', code(`sha256:${bundle.integrity.digest}`)],
      ['Signature', sig === null ? 'not signed' : `signed with Ed25519 key ${code(sig.publicKey)}`],
    ],
    'facts report-meta',
  );
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`,
    '<meta name="referrer" content="no-referrer">',
    `<title>${doc(bundle.title)}</title>`,
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    '<body>',
    '<div class="page">',
    '<header class="report-head">',
    `<p class="print-hint screen-only">To save as PDF, use your browser's Print (Ctrl+P or ⌘P) and choose Save as PDF.</p>`,
    `<h1>${bdi(bundle.title)}</h1>`,
    meta,
    '</header>',
    '<main>',
    summaryHtml(bundle),
    ...bundle.cases.map((c, i) => caseHtml(c, i + 1, crops)),
    '</main>',
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
