/**
 * `npm run eval:tables`: how well the service reads PDF tables, against the development set
 * ../shared/corpus/pdf-tables/ (camelot's and tabula's test tables; see its README.md). Each PDF is read
 * once by the service's extraction (OCR off); for each expected table, the table of ours on its page that
 * shares most cell texts with it is measured:
 *
 * 1. numeric cells found as figures on their glyphs: a figure of the page with the cell's number whose box
 *    lies inside our cell for it, or anywhere on the page when we have no cell for it (no table of ours, or
 *    its row or column not one of ours);
 * 2. numeric cells in the right row and column (rows and columns paired by their texts), with the right row
 *    label and the right column header, and all three;
 * 3. the ICDAR 2013 table competition's structure metric: adjacency relations, precision, recall and F1 per
 *    table and micro-averaged (eval-tables-adjacency.ts);
 * 4. header rows kept apart from body rows;
 * 5. tables we mark unsure: counted, and every measure again over the tables we are sure of.
 *
 * The expected tables are one tool's reading: what is compared is what matters for checking numbers (see
 * eval-tables-match.ts for how rows, columns, labels and headers are read from them). Every measure is
 * taken twice: against the tables as the tools read them, and against them corrected where the page shows
 * a tool wrong (eval-tables-corrections.ts). A measurement: it exits 0 whatever the numbers, and without
 * the corpus says so and exits 0.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extract, type Extraction } from '../service/extract/extract';
import { CORPUS, loadCorpus, type ExpectedTable } from './eval-tables-corpus';
import { corrected, type CorrectedTable } from './eval-tables-corrections';
import { measureTable, type PageData, type TableResult } from './eval-tables-measure';
import { report } from './eval-tables-report';

type Read = { ok: true; extraction: Extraction } | { ok: false; error: string };

const reads = new Map<string, Promise<Read>>();

function read(pdf: string): Promise<Read> {
  let pending = reads.get(pdf);
  if (pending === undefined) {
    pending = extract(new Uint8Array(readFileSync(pdf)), { filename: pdf }, { ocr: 'off' }).then(
      (extraction): Read => ({ ok: true, extraction }),
      (error: unknown): Read => ({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    reads.set(pdf, pending);
  }
  return pending;
}

function pagesFor(expected: ExpectedTable, extraction: Extraction): PageData[] {
  return extraction.units
    .filter((u) => u.kind === 'page' && (expected.pages === null || expected.pages.includes(u.index)))
    .map((u) => ({ page: u.index, tables: u.page?.tables ?? [], figures: u.figures }));
}

async function main(): Promise<number> {
  const corpus = existsSync(CORPUS) ? loadCorpus() : [];
  if (corpus.length === 0) {
    console.log(
      `eval:tables skipped: the PDF tables development set is not at ${CORPUS} (nothing to evaluate).`,
    );
    return 0;
  }
  const failures = new Map<string, string>();
  const asRead = await measureAll(corpus, failures);
  const results = await measureAll(corrected(corpus), failures);
  const corrections = [
    ...new Map(
      results.flatMap((r) => {
        const why = (r.expected as CorrectedTable).corrected;
        return why === undefined
          ? []
          : [[r.expected.file, `${r.expected.source}/${r.expected.file}: ${why}`]];
      }),
    ).values(),
  ];
  console.log(report(results, asRead, corrections).join('\n'));
  if (failures.size > 0) {
    console.log('\nNot read or not measurable (counted as no table of ours and no figures):');
    for (const [file, error] of failures) console.log(`- ${file}: ${error}`);
  }
  return 0;
}

async function measureAll(
  corpus: readonly ExpectedTable[],
  failures: Map<string, string>,
): Promise<TableResult[]> {
  const results: TableResult[] = [];
  for (const expected of corpus) {
    const got = await read(expected.pdf);
    if (!got.ok) failures.set(expected.file, got.error);
    else if (got.extraction.state !== 'complete' && got.extraction.state !== 'partial')
      failures.set(expected.file, `${got.extraction.state}: ${got.extraction.reason ?? ''}`);
    try {
      results.push(measureTable(expected, got.ok ? pagesFor(expected, got.extraction) : []));
    } catch (error) {
      // A table of ours the measures cannot read (the reader is being built): say so, count it as not found.
      failures.set(
        `${expected.file} (${expected.label})`,
        error instanceof Error ? error.message : String(error),
      );
      results.push(measureTable(expected, []));
    }
  }
  return results;
}

// A measurement, not a gate: it exits 0 even when it could not finish, after saying why.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('eval:tables could not finish:', error);
    process.exit(0);
  },
);
