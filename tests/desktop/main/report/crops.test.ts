import { createHash } from 'node:crypto';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { makeCrops, type CropAccess } from '../../../../desktop/main/report/crops';
import type { PdfDrawEvent } from '../../../../desktop/main/report/crop-thread';
import { locateFigures } from '../../../../service/extract/figures';
import { reader as pdfReader } from '../../../../service/extract/readers/pdf';
import { DEFAULT_LIMITS } from '../../../../service/extract/types';
import type { FigureWithPosition, Representation, SourceVersion } from '../../../../shared/api';
import { cropKey, type CropImage, type ReportCrop } from '../../../../desktop/main/report/crop-geometry';
import type { ReportBundle, ReportCheck, ReportOperand } from '../../../../desktop/main/report/model';

// The crops of a report's figures, made from bytes the tests write: a PDF of Helvetica text (read by the
// service's own PDF reader, so each figure's box is where the reader says its text is; drawn by PDFium in
// the crop thread), a PNG "scan", a sheet and a text unit.

// ---- a tiny PDF: one page per list of texts, Helvetica, origin bottom-left ----

interface Text {
  x: number;
  y: number;
  size: number;
  text: string;
}

function buildPdf(pages: Text[][], rotate = 0): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const texts of pages) {
    const ops = texts
      .map((t) => `BT /F1 ${t.size} Tf ${t.x} ${t.y} Td (${t.text.replace(/[\\()]/g, '\\$&')}) Tj ET`)
      .join('\n');
    add(`<< /Length ${ops.length} >>\nstream\n${ops}\nendstream`);
    const content = objects.length;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate ${rotate} /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`,
    );
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

const hashOf = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

// ---- bundles by hand ----

function source(id: string, bytes: Uint8Array, mediaType: string): SourceVersion {
  return {
    sourceVersionId: id,
    assetId: `asset_${id}`,
    bytesHash: hashOf(bytes),
    sourceMetadata: {
      title: null,
      filename: `${id}.bin`,
      media_type: mediaType,
      byte_length: Math.max(1, bytes.length),
      url: null,
      domain: null,
      publication_year: null,
      source_type: null,
      is_primary_source: null,
      registered_at: '2026-11-20T10:00:00.000Z',
    },
  };
}

function representation(
  id: string,
  sourceVersionId: string,
  format: string,
  units: Representation['units'],
): Representation {
  return {
    representation_id: id,
    source_version_id: sourceVersionId,
    format,
    state: 'complete',
    code: null,
    reason: null,
    extraction_method: units[0]?.extraction_method ?? 'text_layer',
    units,
  } as Representation;
}

function operand(
  sv: SourceVersion,
  rep: Representation,
  unitIndex: number,
  figure: FigureWithPosition,
): ReportOperand {
  const unit = rep.units[unitIndex]!;
  return {
    reference: {
      source_version_id: sv.sourceVersionId,
      representation_id: rep.representation_id,
      source_unit_id: unit.source_unit_id,
      figure_index: figure.index,
    },
    source: sv,
    representationId: rep.representation_id,
    extractorVersion: 'ew-extract-4',
    unit: {
      sourceUnitId: unit.source_unit_id,
      kind: unit.kind,
      index: unit.index,
      sheetName: unit.sheet?.name ?? null,
      extractionMethod: unit.extraction_method,
    },
    figure,
  };
}

function check(operands: ReportOperand[]): ReportCheck {
  return {
    checkId: null,
    keptAt: null,
    request: { claim: 'a claim', operands: operands.map((o) => o.reference) },
    response: null,
    operands,
    personJudgments: [],
  };
}

function bundleOf(checks: ReportCheck[], caseId = 'case_aaaaaaaaaaaaaaaa'): ReportBundle {
  return {
    bundleVersion: 1,
    generatedAt: '2026-11-24T12:00:00.000Z',
    appVersion: '0.1.0',
    extractorVersion: 'ew-extract-4',
    authorName: null,
    title: 'Crops',
    cases: [
      {
        caseId,
        title: 'A case',
        notes: '',
        createdAt: '2026-11-24T12:00:00.000Z',
        updatedAt: '2026-11-24T12:00:00.000Z',
        checks,
        citations: [],
      },
    ],
    integrity: { algorithm: 'sha256', digest: '0'.repeat(64), signature: null },
  };
}

/** An access over in-memory sources and representations, counting what it is asked for. */
function memoryAccess(
  contents: Record<string, { bytes: Uint8Array; mediaType: string }>,
  reps: Representation[],
): CropAccess & { calls: { content: string[]; representation: string[] } } {
  const calls = { content: [] as string[], representation: [] as string[] };
  return {
    calls,
    async content(id) {
      calls.content.push(id);
      const found = contents[id];
      if (!found) throw new Error(`no bytes retained for ${id}`);
      return found;
    },
    async representation(id) {
      calls.representation.push(id);
      const found = reps.find((r) => r.representation_id === id);
      if (!found) throw new Error(`no representation ${id}`);
      return found;
    },
  };
}

// ---- pixels ----

async function pixels(crop: Extract<ReportCrop, { kind: 'image' }>) {
  const image = await loadImage(Buffer.from(crop.pngBase64, 'base64'));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  const at = (x: number, y: number) => {
    const i = (y * image.width + x) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  const isMagenta = (x: number, y: number) => {
    const [r, g, b] = at(x, y);
    return r === 0xe4 && g === 0x00 && b === 0x7c;
  };
  const isDark = (x: number, y: number) => at(x, y).every((v) => v < 110);
  /** How many dark pixels lie in [x0, x1) × [y0, y1). */
  const darkIn = (x0: number, y0: number, x1: number, y1: number) => {
    let n = 0;
    for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(image.width, x1); x++) if (isDark(x, y)) n++;
    return n;
  };
  return { width: image.width, height: image.height, at, isMagenta, darkIn };
}

/** How many pixel rows inside an image's outline hold a dark pixel: the height of the figure's ink. */
async function inkHeight(crop: CropImage): Promise<number> {
  const px = await pixels({ ...crop, kind: 'image', alt: '', closeUp: crop });
  const m = crop.mark;
  let rows = 0;
  for (let y = m.y + 3; y < m.y + m.height - 3; y++)
    if (px.darkIn(m.x + 3, y, m.x + m.width - 3, y + 1) > 0) rows++;
  return rows;
}

function image(crop: ReportCrop | undefined): Extract<ReportCrop, { kind: 'image' }> {
  if (crop?.kind !== 'image') throw new Error(`expected an image crop, got ${JSON.stringify(crop)}`);
  return crop;
}

// ---- the PDF fixture, read by the service's reader ----

const PDF = buildPdf([
  [
    { x: 72, y: 740, size: 18, text: 'Annual Report 2023' },
    { x: 72, y: 700, size: 12, text: 'Revenue' },
    { x: 300, y: 700, size: 12, text: '1,234.5' },
    { x: 72, y: 650, size: 12, text: 'Net income' },
    { x: 300, y: 650, size: 12, text: '98.7' },
  ],
  [{ x: 100, y: 400, size: 10, text: 'Page two: margin 12.5%' }],
]);

async function pdfRepresentation(bytes = PDF): Promise<Representation> {
  const read = await pdfReader.read(bytes, 'pdf', { ocr: 'off', limits: DEFAULT_LIMITS });
  return representation(
    'rep_pdf',
    'sv_pdf',
    'pdf',
    read.units.map((u) => ({
      source_unit_id: `unit_pdf_p${u.index}`,
      kind: u.kind,
      index: u.index,
      extraction_method: u.extraction_method,
      markdown: u.markdown,
      ...(u.page ? { page: u.page } : {}),
      figures: locateFigures(u),
    })) as Representation['units'],
  );
}

const figureOf = (rep: Representation, unit: number, raw: string) => {
  const found = rep.units[unit]!.figures.find((f) => f.raw === raw);
  if (!found)
    throw new Error(`no figure ${raw} in ${JSON.stringify(rep.units[unit]!.figures.map((f) => f.raw))}`);
  return found;
};

describe('makeCrops: PDF pages', async () => {
  const rep = await pdfRepresentation();
  const sv = source('sv_pdf', PDF, 'application/pdf');
  const revenue = operand(sv, rep, 0, figureOf(rep, 0, '1,234.5'));
  const income = operand(sv, rep, 0, figureOf(rep, 0, '98.7'));
  const margin = operand(sv, rep, 1, figureOf(rep, 1, '12.5%'));
  const bundle = bundleOf([check([revenue, income]), check([margin, revenue])]);
  const access = () => memoryAccess({ sv_pdf: { bytes: PDF, mediaType: 'application/pdf' } }, [rep]);

  it('cuts a band of the page around each box, outlined in #E4007C around the figure’s glyphs', async () => {
    expect(revenue.figure.position.kind).toBe('box');
    const progress: [number, number][] = [];
    const a = access();
    const drawn: PdfDrawEvent[] = [];
    const crops = await makeCrops(bundle, a, {
      onProgress: (d, t) => progress.push([d, t]),
      onDraw: (event) => drawn.push(event),
    });
    // The document is opened once; each page's row bands are drawn once, for the two figures on page 1
    // too, and each figure's close-up on its own.
    expect(drawn.map((e) => (e.kind === 'draw' ? e.page : e.kind))).toEqual(['open', 1, 1, 1, 2, 2]);
    // Every operand has its crop; the figure cited twice is cropped once; the document is read once.
    expect([...crops.keys()].sort()).toEqual(
      [0, 1].flatMap((c) => [0, 1].map((o) => cropKey('case_aaaaaaaaaaaaaaaa', c, o))).sort(),
    );
    expect(crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 1, 1))).toBe(
      crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0)),
    );
    expect(progress.at(-1)).toEqual([3, 3]);
    expect(a.calls.content).toEqual(['sv_pdf']);

    const crop = image(crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0)));
    const px = await pixels(crop);
    expect([px.width, px.height]).toEqual([crop.width, crop.height]);
    // The band of the figure's row: the full page width at 2 pixels per point, the line and about a glyph's
    // height above and below it, not the next rows.
    expect(crop.width).toBe(1224);
    const m = crop.mark;
    expect(crop.height).toBeGreaterThan(m.height + 2 * 20);
    expect(crop.height).toBeLessThan(m.height + 2 * 40);
    // The box is where the text is: x 300pt (600px) on the page, the full crop's width from the left edge.
    expect(m.x).toBeGreaterThan(590);
    expect(m.x).toBeLessThan(600);
    expect(m.x + m.width).toBeGreaterThan(600 + 2 * 35);
    // The outline: three pixels of exactly #E4007C on each edge.
    const midX = m.x + Math.floor(m.width / 2);
    const midY = m.y + Math.floor(m.height / 2);
    for (let d = 0; d < 3; d++) {
      expect(px.isMagenta(midX, m.y + d)).toBe(true);
      expect(px.isMagenta(midX, m.y + m.height - 1 - d)).toBe(true);
      expect(px.isMagenta(m.x + d, midY)).toBe(true);
      expect(px.isMagenta(m.x + m.width - 1 - d, midY)).toBe(true);
    }
    // Inside the outline: the number's dark glyphs (lightly tinted, still dark).
    expect(px.darkIn(m.x + 3, m.y + 3, m.x + m.width - 3, m.y + m.height - 3)).toBeGreaterThan(100);
    // Outside it, on the same line: the row's label, "Revenue", at 72pt.
    expect(px.darkIn(144, m.y, 144 + 110, m.y + m.height)).toBeGreaterThan(100);
    // Nowhere else is magenta: only the outline.
    let magentaOutside = 0;
    for (let y = 0; y < px.height; y += 2)
      for (let x = 0; x < px.width; x += 2) {
        const inside = x >= m.x && x < m.x + m.width && y >= m.y && y < m.y + m.height;
        if (!inside && px.isMagenta(x, y)) magentaOutside++;
      }
    expect(magentaOutside).toBe(0);
    expect(crop.alt).toContain('1,234.5');
    expect(crop.alt).toContain('page 1');
    // The close-up: the figure's cell and its neighbours, about 480 pixels wide, the box in its middle and
    // outlined the same way, its glyphs drawn as in the band.
    const near = crop.closeUp;
    const nearPx = await pixels({ ...crop, ...near });
    expect([nearPx.width, nearPx.height]).toEqual([near.width, near.height]);
    expect(near.width).toBeGreaterThanOrEqual(480);
    expect(near.width).toBeLessThan(490);
    expect(near.height).toBeGreaterThan(3 * m.height);
    const n = near.mark;
    expect(n.x + n.width / 2).toBeCloseTo(near.width / 2, -1);
    expect(n.y + n.height / 2).toBeCloseTo(near.height / 2, -1);
    expect([n.width, n.height]).toEqual([m.width, m.height]);
    expect(nearPx.isMagenta(n.x + 1, n.y + Math.floor(n.height / 2))).toBe(true);
    expect(nearPx.isMagenta(n.x + Math.floor(n.width / 2), n.y + n.height - 1)).toBe(true);
    const inBand = px.darkIn(m.x + 3, m.y + 3, m.x + m.width - 3, m.y + m.height - 3);
    expect(nearPx.darkIn(n.x + 3, n.y + 3, n.x + n.width - 3, n.y + n.height - 3)).toBeGreaterThan(
      inBand * 0.9,
    );
    // 12-point digits are drawn at least 14 pixels tall.
    const small = image(crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 1)));
    expect(await inkHeight(small.closeUp)).toBeGreaterThanOrEqual(14);
  });

  it("takes in the row's label when it fits beside the figure", async () => {
    const near = buildPdf([
      [
        { x: 72, y: 700, size: 12, text: 'Revenue' },
        { x: 250, y: 700, size: 12, text: '98.7' },
      ],
    ]);
    const rep = await pdfRepresentation(near);
    const figure = operand(source('sv_pdf', near, 'application/pdf'), rep, 0, figureOf(rep, 0, '98.7'));
    const crops = await makeCrops(
      bundleOf([check([figure])]),
      memoryAccess({ sv_pdf: { bytes: near, mediaType: 'application/pdf' } }, [rep]),
    );
    const closeUp = image(crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0))).closeUp;
    expect(closeUp.width).toBeGreaterThan(480);
    expect(closeUp.width).toBeLessThanOrEqual(720);
    const px = await pixels({ ...closeUp, kind: 'image', alt: '', closeUp });
    const m = closeUp.mark;
    // "Revenue", from 72pt, starts a glyph's height from the close-up's left edge, on the figure's line.
    expect(px.darkIn(0, m.y, 20, m.y + m.height)).toBe(0);
    expect(px.darkIn(20, m.y, 20 + 100, m.y + m.height)).toBeGreaterThan(100);
  });

  it('never cuts a line of text at the top or bottom of a close-up', async () => {
    const lines = buildPdf([
      [0, 1, 2, 3, 4, 5, 6].flatMap((i) => [
        { x: 72, y: 700 - i * 13, size: 10, text: `Row ${String.fromCharCode(65 + i)}` },
        { x: 200, y: 700 - i * 13, size: 10, text: `${100 + i}.5` },
      ]),
    ]);
    const rep = await pdfRepresentation(lines);
    const figure = operand(source('sv_pdf', lines, 'application/pdf'), rep, 0, figureOf(rep, 0, '103.5'));
    const crops = await makeCrops(
      bundleOf([check([figure])]),
      memoryAccess({ sv_pdf: { bytes: lines, mediaType: 'application/pdf' } }, [rep]),
    );
    const closeUp = image(crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0))).closeUp;
    const px = await pixels({ ...closeUp, kind: 'image', alt: '', closeUp });
    const white = (y: number) => {
      for (let x = 0; x < px.width; x++) if (px.at(x, y).some((v) => v !== 255)) return false;
      return true;
    };
    expect(white(0)).toBe(true);
    expect(white(px.height - 1)).toBe(true);
    // Still the figure's neighbours: more than its own line.
    expect(closeUp.height).toBeGreaterThan(2.5 * closeUp.mark.height);
  });

  it('draws small print large enough to read in the close-up, its row band at the page scale', async () => {
    const tiny = buildPdf([
      [
        { x: 72, y: 700, size: 6, text: 'Net income' },
        { x: 300, y: 700, size: 6, text: '98.7' },
      ],
    ]);
    const rep = await pdfRepresentation(tiny);
    const figure = operand(source('sv_pdf', tiny, 'application/pdf'), rep, 0, figureOf(rep, 0, '98.7'));
    const crops = await makeCrops(
      bundleOf([check([figure])]),
      memoryAccess({ sv_pdf: { bytes: tiny, mediaType: 'application/pdf' } }, [rep]),
    );
    const crop = image(crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0)));
    expect(crop.width).toBe(1224);
    // In the band, 6-point digits are too small to read; in the close-up they are at least 14 pixels tall.
    expect(await inkHeight(crop)).toBeLessThan(10);
    expect(await inkHeight(crop.closeUp)).toBeGreaterThanOrEqual(14);
    expect(crop.closeUp.mark.height).toBeGreaterThan(crop.mark.height);
  });

  it('is deterministic: the same bytes give the same PNG bytes', async () => {
    const first = await makeCrops(bundle, access());
    const second = await makeCrops(bundle, access());
    for (const [key, crop] of first) expect(second.get(key)).toEqual(crop);
    expect(image(first.get(cropKey('case_aaaaaaaaaaaaaaaa', 1, 0))).mark.width).toBeGreaterThan(0);
    // A figure's crop does not depend on the other figures drawn from its page.
    const alone = await makeCrops(bundleOf([check([revenue])]), access());
    expect(alone.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0))).toEqual(
      first.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0)),
    );
  });

  it('crops a figure on the second page from that page', async () => {
    const crops = await makeCrops(bundleOf([check([margin])]), access());
    const crop = image(crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0)));
    const px = await pixels(crop);
    const m = crop.mark;
    expect(px.darkIn(m.x + 3, m.y + 3, m.x + m.width - 3, m.y + m.height - 3)).toBeGreaterThan(50);
    expect(crop.alt).toContain('page 2');
  });

  it('crops a rotated page as it is shown, where the reader placed the box', async () => {
    const rotated = buildPdf(
      [
        [
          { x: 72, y: 700, size: 12, text: 'Revenue' },
          { x: 300, y: 700, size: 12, text: '1,234.5' },
        ],
      ],
      90,
    );
    const rep = await pdfRepresentation(rotated);
    expect(rep.units[0]!.page).toEqual({ width: 792, height: 612 });
    const figure = operand(source('sv_pdf', rotated, 'application/pdf'), rep, 0, figureOf(rep, 0, '1,234.5'));
    const crops = await makeCrops(
      bundleOf([check([figure])]),
      memoryAccess({ sv_pdf: { bytes: rotated, mediaType: 'application/pdf' } }, [rep]),
    );
    const crop = image(crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0)));
    expect(crop.width).toBe(2 * 792);
    const px = await pixels(crop);
    const m = crop.mark;
    // Text runs down the rotated page: the box is tall and narrow, and holds the glyphs.
    expect(m.height).toBeGreaterThan(m.width);
    expect(px.darkIn(m.x + 3, m.y + 3, m.x + m.width - 3, m.y + m.height - 3)).toBeGreaterThan(100);
    expect(px.isMagenta(m.x + 1, m.y + Math.floor(m.height / 2))).toBe(true);
  });

  it('rejects with an AbortError when cancelled, before or between pages', async () => {
    const before = new AbortController();
    before.abort();
    await expect(makeCrops(bundle, access(), { signal: before.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    // Cancelled from the first crop's progress: no further crop is made.
    const during = new AbortController();
    let made = 0;
    await expect(
      makeCrops(bundle, access(), {
        signal: during.signal,
        onProgress: (done) => {
          made = done;
          if (done === 1) during.abort();
        },
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(made).toBe(1);
    // A cancel that arrives as an event (a timer, an IPC message) is heard between pages too.
    const many = buildPdf(
      Array.from({ length: 30 }, (_, i) => [{ x: 72, y: 700, size: 12, text: `Row ${i + 1}: 4,321` }]),
    );
    const manyRep = await pdfRepresentation(many);
    const manySource = source('sv_pdf', many, 'application/pdf');
    const everyPage = bundleOf(
      manyRep.units.map((u, i) =>
        check([
          operand(
            manySource,
            manyRep,
            i,
            u.figures.find((f) => f.raw === '4,321')!,
          ),
        ]),
      ),
    );
    const later = new AbortController();
    let done = 0;
    const run = makeCrops(
      everyPage,
      memoryAccess({ sv_pdf: { bytes: many, mediaType: 'application/pdf' } }, [manyRep]),
      {
        signal: later.signal,
        onProgress: (d) => {
          done = d;
          if (d === 1) setTimeout(() => later.abort(), 0);
        },
      },
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(done).toBeLessThan(30);
  });

  it('says why there is no crop when the bytes cannot be read, do not match their hash, or are no PDF', async () => {
    const one = bundleOf([check([revenue])]);
    const key = cropKey('case_aaaaaaaaaaaaaaaa', 0, 0);
    const missing = await makeCrops(one, memoryAccess({}, [rep]));
    expect(missing.get(key)).toEqual({
      kind: 'none',
      reason: 'the retained bytes could not be read: no bytes retained for sv_pdf',
    });
    const changed = PDF.slice();
    changed[changed.length - 10] = 0x20;
    const tampered = await makeCrops(
      one,
      memoryAccess({ sv_pdf: { bytes: changed, mediaType: 'application/pdf' } }, [rep]),
    );
    expect(tampered.get(key)).toMatchObject({
      kind: 'none',
      reason: `the retained bytes do not match their hash ${sv.bytesHash}`,
    });

    const junk = new Uint8Array(Buffer.from('%PDF-1.4\nthis is not a PDF at all'));
    const junkSource = source('sv_pdf', junk, 'application/pdf');
    const broken = await makeCrops(
      bundleOf([check([{ ...revenue, source: junkSource }])]),
      memoryAccess({ sv_pdf: { bytes: junk, mediaType: 'application/pdf' } }, [rep]),
    );
    expect(broken.get(key)).toMatchObject({
      kind: 'none',
      reason: expect.stringMatching(/PDF could not be opened/),
    });

    const tiff = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 0, 0]);
    const tiffCrops = await makeCrops(
      bundleOf([check([{ ...revenue, source: source('sv_pdf', tiff, 'image/tiff') }])]),
      memoryAccess({ sv_pdf: { bytes: tiff, mediaType: 'image/tiff' } }, [rep]),
    );
    expect(tiffCrops.get(key)).toEqual({ kind: 'none', reason: 'a TIFF scan cannot be drawn for a crop' });

    const beyond = await makeCrops(
      bundleOf([check([{ ...revenue, unit: { ...revenue.unit, index: 9 } }])]),
      access(),
    );
    expect(beyond.get(key)).toEqual({ kind: 'none', reason: 'the PDF has no page 9 (it has 2)' });
  });
});

describe('makeCrops: image scans', () => {
  it.each(['png', 'jpeg'] as const)(
    'cuts the band from a %s scan, its boxes in points at its resolution',
    async (format) => {
      // A 300 dpi "scan" of a US letter page (2550×3300 px = 612×792 pt), a black bar at (1250, 1500) px.
      const canvas = createCanvas(2550, 3300);
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, 2550, 3300);
      context.fillStyle = '#000000';
      context.fillRect(1250, 1500, 250, 50);
      const png = new Uint8Array(
        format === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', 90),
      );
      const pt = 72 / 300;
      const figure: FigureWithPosition = {
        index: 0,
        raw: '42',
        value: 42,
        magnitude: 42,
        sign: 1,
        scale: 1,
        unit: null,
        unitClass: 'none',
        accounting: false,
        ambiguous: false,
        span: { start: 0, end: 2 },
        position: { kind: 'box', x: 1250 * pt, y: 1500 * pt, width: 250 * pt, height: 50 * pt },
      };
      const rep = representation('rep_png', 'sv_png', format, [
        {
          source_unit_id: 'unit_png_p1',
          kind: 'page',
          index: 1,
          extraction_method: 'ocr',
          markdown: '42',
          page: { width: 612, height: 792 },
          figures: [figure],
        },
      ] as Representation['units']);
      const sv = source('sv_png', png, `image/${format}`);
      const crops = await makeCrops(
        bundleOf([check([operand(sv, rep, 0, figure)])]),
        memoryAccess({ sv_png: { bytes: png, mediaType: `image/${format}` } }, [rep]),
      );
      const crop = image(crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0)));
      // Drawn at 2 pixels per point, like a PDF page: the full page width is 1224 px.
      expect(crop.width).toBe(1224);
      const px = await pixels(crop);
      const m = crop.mark;
      // The bar, 250×50 scan px = 120×24 crop px, lies inside the outline and fills most of it.
      expect(m.x).toBeGreaterThan(590);
      expect(m.x).toBeLessThan(600);
      expect(px.darkIn(m.x + 3, m.y + 3, m.x + m.width - 3, m.y + m.height - 3)).toBeGreaterThan(110 * 20);
      expect(px.isMagenta(m.x + 1, m.y + Math.floor(m.height / 2))).toBe(true);
      // The close-up, cut from the scan at its own scale: the bar inside its outline, in the middle.
      const near = await pixels({ ...crop, ...crop.closeUp });
      const n = crop.closeUp.mark;
      expect(n.x + n.width / 2).toBeCloseTo(crop.closeUp.width / 2, -1);
      expect(near.darkIn(n.x + 3, n.y + 3, n.x + n.width - 3, n.y + n.height - 3)).toBeGreaterThan(110 * 20);
      expect(near.isMagenta(n.x + 1, n.y + Math.floor(n.height / 2))).toBe(true);
    },
  );
});

describe('makeCrops: sheets and text', () => {
  const cellFigure = (ref: string): FigureWithPosition => ({
    index: 0,
    raw: '1,000',
    value: 1000,
    magnitude: 1000,
    sign: 1,
    scale: 1,
    unit: null,
    unitClass: 'none',
    accounting: false,
    ambiguous: false,
    span: { start: 0, end: 5 },
    position: { kind: 'cell', ref },
  });
  const cells: { ref: string; value: string; text: string }[] = [];
  for (let r = 1; r <= 20; r++)
    for (const col of ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'])
      cells.push({ ref: `${col}${r}`, value: `${col}${r}`, text: `${col}${r}` });

  it('shows the cell’s row and column ±3, clamped to the sheet, its own cell marked', async () => {
    const figure = cellFigure('B7');
    const rep = representation('rep_xlsx', 'sv_xlsx', 'xlsx', [
      {
        source_unit_id: 'unit_s1',
        kind: 'sheet',
        index: 1,
        extraction_method: 'spreadsheet_cells',
        markdown: '',
        sheet: { name: 'P&L', merges: [], cells },
        figures: [figure],
      },
    ] as Representation['units']);
    const sv = source('sv_xlsx', new Uint8Array([1]), 'application/octet-stream');
    const a = memoryAccess({}, [rep]);
    const crops = await makeCrops(bundleOf([check([operand(sv, rep, 0, figure)])]), a);
    const crop = crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0));
    if (crop?.kind !== 'cells') throw new Error(JSON.stringify(crop));
    expect(crop.sheetName).toBe('P&L');
    expect(crop.columns).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(crop.rows.map((r) => r.row)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    const marked = crop.rows.flatMap((r) => r.cells).filter((c) => c.marked);
    expect(marked).toEqual([{ ref: 'B7', text: 'B7', marked: true }]);
    expect(crop.rows[0]!.cells[4]).toEqual({ ref: 'E4', text: 'E4', marked: false });
    // A sheet needs no bytes.
    expect(a.calls.content).toEqual([]);

    const corner = cellFigure('H19');
    const rep2 = { ...rep, units: [{ ...rep.units[0]!, figures: [corner] }] } as Representation;
    const cornerCrops = await makeCrops(
      bundleOf([check([operand(sv, rep2, 0, corner)])]),
      memoryAccess({}, [rep2]),
    );
    const c2 = cornerCrops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0));
    if (c2?.kind !== 'cells') throw new Error(JSON.stringify(c2));
    expect(c2.columns).toEqual(['E', 'F', 'G', 'H']);
    expect(c2.rows.map((r) => r.row)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows the text around a figure without a box, cut at word boundaries', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`);
    const markdown = `${words.slice(0, 30).join(' ')} spending was 4,321 million ${words.slice(30).join(' ')}`;
    const start = markdown.indexOf('4,321');
    const figure: FigureWithPosition = {
      ...cellFigure('A1'),
      raw: '4,321',
      span: { start, end: start + 5 },
      position: { kind: 'text' },
    };
    const rep = representation('rep_docx', 'sv_docx', 'docx', [
      {
        source_unit_id: 'unit_d1',
        kind: 'page',
        index: 1,
        extraction_method: 'text_layer',
        markdown,
        figures: [figure],
      },
    ] as Representation['units']);
    const sv = source('sv_docx', new Uint8Array([1]), 'application/octet-stream');
    const crops = await makeCrops(bundleOf([check([operand(sv, rep, 0, figure)])]), memoryAccess({}, [rep]));
    const crop = crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0));
    if (crop?.kind !== 'text') throw new Error(JSON.stringify(crop));
    expect(crop.figure).toBe('4,321');
    expect(crop.before.endsWith('spending was ')).toBe(true);
    expect(crop.after.startsWith(' million word30')).toBe(true);
    expect(crop.before).toMatch(/^…word\d+ /);
    expect(crop.after).toMatch(/ word\d+…$/);
    expect(crop.before.length).toBeGreaterThan(100);
    expect(crop.before.length).toBeLessThan(140);
    expect(crop.after.length).toBeGreaterThan(100);
    expect(crop.after.length).toBeLessThan(140);
  });

  it('says why when the representation cannot be read', async () => {
    const figure = cellFigure('B7');
    const rep = representation('rep_gone', 'sv_xlsx', 'xlsx', [
      {
        source_unit_id: 'unit_s1',
        kind: 'sheet',
        index: 1,
        extraction_method: 'spreadsheet_cells',
        markdown: '',
        sheet: { name: 'S', merges: [], cells },
        figures: [figure],
      },
    ] as Representation['units']);
    const sv = source('sv_xlsx', new Uint8Array([1]), 'application/octet-stream');
    const crops = await makeCrops(bundleOf([check([operand(sv, rep, 0, figure)])]), memoryAccess({}, []));
    expect(crops.get(cropKey('case_aaaaaaaaaaaaaaaa', 0, 0))).toEqual({
      kind: 'none',
      reason: 'the sheet could not be read: no representation rep_gone',
    });
  });
});
