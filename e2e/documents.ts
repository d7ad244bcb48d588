import { readFileSync } from 'node:fs';
import { buildPdf } from '../tests/service/extract/fixtures/pdf';
import { textPicture } from '../tests/service/extract/fixtures/pdf-images';
import { buildXlsx, cell, row } from '../tests/service/extract/fixtures/xlsx';

// The documents the journeys drop in, built here (the suite needs nothing from ../shared): a text PDF
// with a revenue table, an encrypted PDF, a workbook with one broken sheet, a workbook with a merged
// header, and a scanned page.

export interface DocumentFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A two-page annual-report PDF: a small table whose columns say "Prior year" and "This year" (no year, so a
 * check over it leaves the period to a person) and a sentence giving revenue of $1,000 million in 2022 and
 * $1,120 million in 2023, so a check can read both periods from the figures' own line.
 */
export function revenuePdf(): DocumentFile {
  const row = (y: number, label: string, a: string, b: string) => [
    { x: 72, y, size: 12, text: label },
    { x: 300, y, size: 12, text: a },
    { x: 400, y, size: 12, text: b },
  ];
  const bytes = buildPdf([
    {
      width: 612,
      height: 792,
      texts: [
        { x: 72, y: 720, size: 18, text: 'Annual report 2023' },
        { x: 72, y: 690, size: 12, text: 'Results ($ million)' },
        { x: 300, y: 690, size: 12, text: 'Prior year' },
        { x: 400, y: 690, size: 12, text: 'This year' },
        ...row(670, 'Revenue', '1,000', '1,120'),
        ...row(650, 'Operating costs', '(850)', '(910)'),
        { x: 72, y: 610, size: 12, text: 'Revenue was $1,000 million in 2022 and $1,120 million in 2023.' },
        { x: 72, y: 590, size: 12, text: 'The operating margin was 12.5% in 2023.' },
      ],
    },
    { width: 612, height: 792, texts: [{ x: 72, y: 720, size: 12, text: 'Notes: staff numbered 4,200.' }] },
  ]);
  return { name: 'annual-report-2023.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) };
}

/** A PDF that needs a user password: the service answers error / source_encrypted. */
export function encryptedPdf(): DocumentFile {
  const buffer = readFileSync(
    new URL('../tests/service/extract/fixtures/files/pdf-user-password.pdf', import.meta.url),
  );
  return { name: 'locked-budget.pdf', mimeType: 'application/pdf', buffer };
}

/** A workbook whose second sheet is missing from the archive: partial, that sheet lost as source_corrupt. */
export function brokenWorkbook(): DocumentFile {
  const bytes = buildXlsx({
    sheets: [
      { name: 'Summary', rows: row(1, cell.inline('A1', 'Revenue'), cell.n('B1', 1000)) },
      { name: 'Detail', missing: true },
    ],
  });
  return {
    name: 'accounts.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(bytes),
  };
}

/** A workbook with a header merged across two year columns: Revenue 2022 = 1,000, 2023 = 1,120. */
export function mergedHeaderWorkbook(): DocumentFile {
  const bytes = buildXlsx({
    sheets: [
      {
        name: 'Results',
        rows: [
          row(1, cell.inline('A1', 'Item'), cell.inline('B1', 'Fiscal year')),
          row(2, cell.inline('A2', ''), cell.n('B2', 2022), cell.n('C2', 2023)),
          row(3, cell.inline('A3', 'Revenue'), cell.n('B3', 1000), cell.n('C3', 1120)),
        ].join(''),
        merges: ['B1:C1'],
      },
    ],
  });
  return {
    name: 'results.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(bytes),
  };
}

/** One scanned page (a JPEG, no text layer): read by OCR. */
export async function scannedPdf(): Promise<DocumentFile> {
  const picture = textPicture(['Claimant count 1,234', 'Unemployment rate 4.5%'], { width: 1200, size: 56 });
  const jpeg = await picture.jpeg(92);
  const bytes = buildPdf([
    {
      width: 612,
      height: (612 * picture.height) / picture.width,
      images: [
        {
          x: 0,
          y: 0,
          width: 612,
          height: (612 * picture.height) / picture.width,
          pixels: { width: picture.width, height: picture.height },
          jpeg,
        },
      ],
    },
  ]);
  return { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) };
}

/**
 * A briefing whose first page has a text layer ("Revenue was $2,500 million in 2023.") and whose next
 * `scans` pages are scanned pictures read by OCR, seconds each: long enough to watch page 1 while the rest
 * is read.
 */
export async function briefingWithScans(scans = 8): Promise<DocumentFile> {
  const lines = Array.from(
    { length: 14 },
    (_, i) => `Line ${i + 1}: spending rose ${i + 2}.5% to $${i + 1},250`,
  );
  const picture = textPicture(lines, { width: 1700, size: 40 });
  const jpeg = await picture.jpeg(90);
  const height = (612 * picture.height) / picture.width;
  const bytes = buildPdf([
    {
      width: 612,
      height: 792,
      texts: [
        { x: 72, y: 720, size: 18, text: 'Briefing 2023' },
        { x: 72, y: 690, size: 12, text: 'Revenue was $2,500 million in 2023.' },
      ],
    },
    ...Array.from({ length: scans }, () => ({
      width: 612,
      height,
      images: [
        { x: 0, y: 0, width: 612, height, pixels: { width: picture.width, height: picture.height }, jpeg },
      ],
    })),
  ]);
  return { name: 'briefing-2023.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) };
}
