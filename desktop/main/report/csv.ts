import { csvRows } from '../../../shared/export/csv';
import { displayName, displayText, displayTitle } from '../../../shared/text/display-name';
import type { ReportBundle, ReportOperand } from './model';

// CSV of a report's operands and of its citations, written as every export writes CSV (export/csv.ts:
// RFC 4180, every field starting like a formula guarded). Document-derived text goes through the
// display-safe forms first.

function csv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null)[])[],
): string {
  return csvRows([header, ...rows]);
}

export const OPERAND_CSV_HEADER = [
  'case_id',
  'case_title',
  'check',
  'claim',
  'operand',
  'figure_raw',
  'figure_value',
  'figure_unit',
  'document_title',
  'file_name',
  'url',
  'bytes_hash',
  'source_version_id',
  'representation_id',
  'source_unit_id',
  'unit_kind',
  'unit_index',
  'sheet_name',
  'figure_index',
  'position',
  'extraction_method',
  'extractor_version',
  // The person's own verdict on the check (empty: none given), apart from anything the service answered.
  'person_verdict',
  'person_verdict_note',
  'person_verdict_author',
  'person_verdict_at',
  // Where the check's claim stands in its case's article (empty: not read from one), and the sha256 of the
  // article's text those characters index, so a row can be found again in the article.
  'claim_start',
  'claim_end',
  'article_sha256',
] as const;

function position(operand: ReportOperand): string {
  const p = operand.figure.position;
  if (p.kind === 'box') return `box x=${p.x} y=${p.y} width=${p.width} height=${p.height}`;
  if (p.kind === 'cell') return `cell ${p.ref}`;
  return `text ${operand.figure.span.start}-${operand.figure.span.end}`;
}

/** One row per operand of every check of every case, with its provenance and the check's person's verdict. */
export function operandsCsv(bundle: ReportBundle): string {
  const rows = bundle.cases.flatMap((c) =>
    c.checks.flatMap((check, n) =>
      check.operands.map((o, i) => {
        const meta = o.source.sourceMetadata;
        return [
          c.caseId,
          displayText(c.title),
          n + 1,
          displayText(check.request.claim),
          i + 1,
          displayText(o.figure.raw),
          o.figure.value,
          o.figure.unit === null ? null : displayText(o.figure.unit),
          displayTitle(meta.title, meta.filename),
          displayName(meta.filename),
          meta.url === null ? null : displayText(meta.url),
          o.source.bytesHash,
          o.source.sourceVersionId,
          o.representationId,
          o.unit.sourceUnitId,
          o.unit.kind,
          o.unit.index,
          o.unit.sheetName === null ? null : displayText(o.unit.sheetName),
          o.reference.figure_index,
          position(o),
          o.unit.extractionMethod,
          o.extractorVersion,
          check.personVerdict?.verdict ?? null,
          check.personVerdict?.note == null ? null : displayText(check.personVerdict.note),
          check.personVerdict?.author == null ? null : displayText(check.personVerdict.author),
          check.personVerdict?.at ?? null,
          check.claimSpan?.start ?? null,
          check.claimSpan?.end ?? null,
          check.claimSpan === undefined ? null : (c.article?.sha256 ?? null),
        ];
      }),
    ),
  );
  return csv(OPERAND_CSV_HEADER, rows);
}

export const CITATION_CSV_HEADER = [
  'case_id',
  'case_title',
  'citation',
  'document_title',
  'file_name',
  'url',
  'bytes_hash',
  'source_version_id',
  'representation_id',
  'source_unit_id',
  'unit_kind',
  'unit_index',
  'snippet',
  'query',
  'kept_at',
  'extraction_method',
  'extractor_version',
] as const;

/** One row per citation of every case: the unit it cites, the snippet and the query that found it. */
export function citationsCsv(bundle: ReportBundle): string {
  const rows = bundle.cases.flatMap((c) =>
    c.citations.map((cit, i) => {
      const meta = cit.source.sourceMetadata;
      return [
        c.caseId,
        displayText(c.title),
        i + 1,
        displayTitle(meta.title, meta.filename),
        displayName(meta.filename),
        meta.url === null ? null : displayText(meta.url),
        cit.source.bytesHash,
        cit.sourceVersionId,
        cit.representationId,
        cit.sourceUnitId,
        cit.unit.kind,
        cit.unit.index,
        displayText(cit.snippet),
        displayText(cit.query),
        cit.at,
        cit.unit.extractionMethod,
        cit.extractorVersion,
      ];
    }),
  );
  return csv(CITATION_CSV_HEADER, rows);
}
