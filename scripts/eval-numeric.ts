/**
 * `npm run eval:numeric`: the numeric check against TAT-QA (dev set) tables, in two sections.
 *
 * "Wording families, both operand orders" (scripts/eval-numeric-families*.ts): claims over two cells of
 * a table in the wordings fact-checkers write for each relation — differences, percentage differences,
 * ratios, "N times more", shares, comparisons, changes over time, restated operands and sums — each true
 * claim with its false variants, each sent with its operands in the order its words give them and
 * reversed, so the claim's words, not the click order, must decide which figure is which. Tables are
 * split into a dev and a held-out half; examples are printed from dev only.
 *
 * "PDF renderings" (scripts/eval-numeric-pdf*.ts): the same claims over the same tables drawn on a PDF page
 * and read back by the PDF reader, each claim's cells mapped to the figures drawn in them, to measure
 * whether a check over a table on a page is decided as well as over its csv.
 *
 * "Fixed wordings" (scripts/eval-numeric-fixed.ts): the TAT-QA arithmetic questions' own operand pairs in
 * a few fixed wordings, operands in the order the engine expects.
 *
 * Each claim goes through `POST /api/v2/verify/numeric` of an in-process service and, in process, through
 * the engine's `assessWithReasons` for the typed reason behind each facet; the two outcomes must agree.
 * The bars: no false claim is ever `supported`, no true claim is ever `contradicted`, over the csv or the
 * page (exit 1 otherwise); the other targets are reported. `--full` lists every dev example instead of a
 * few per family.
 *
 * The corpus lives outside the repository (../shared/corpus/tables/tatqa_dataset_dev.json); without it the
 * script says so and exits 0.
 */
import { existsSync, readFileSync } from 'node:fs';
import { CORPUS, type Item } from './eval-numeric-corpus';
import { familiesFail, familiesTargets, reportFamilies } from './eval-numeric-families-report';
import { runFamilies } from './eval-numeric-families-run';
import { pdfFail, pdfTargets, reportPdf, runPdf } from './eval-numeric-pdf';
import { fixedTargets, reportFixed, runFixed } from './eval-numeric-fixed';
import { EvalService } from './eval-numeric-service';

async function main(): Promise<number> {
  if (!existsSync(CORPUS)) {
    console.log(`eval:numeric skipped: the TAT-QA dev set is not at ${CORPUS} (nothing to evaluate).`);
    return 0;
  }
  const items = JSON.parse(readFileSync(CORPUS, 'utf8')) as Item[];
  const full = process.argv.includes('--full');
  const service = await EvalService.start();
  try {
    const families = await runFamilies(items, service);
    const pdf = await runPdf(items, service, families);
    const fixed = await runFixed(items, service);
    console.log(familiesTargets(families));
    console.log(pdfTargets(pdf));
    console.log(fixedTargets(fixed) + '\n');
    console.log(reportFamilies(families, { full }).join('\n'));
    console.log('\n---\n');
    console.log(reportPdf(pdf).join('\n'));
    console.log('\n---\n');
    console.log(reportFixed(fixed).join('\n'));
    const fails =
      familiesFail(families) ||
      pdfFail(pdf) ||
      fixed.falseSupported.length > 0 ||
      fixed.trueContradicted.length > 0;
    return fails ? 1 : 0;
  } finally {
    await service.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
