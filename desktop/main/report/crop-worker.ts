import type { MessagePort } from 'node:worker_threads';
import type { BoxPosition } from '../../../shared/api';
import { openPdfium, pdfiumDrawing, type PdfiumDocument } from '../../../service/extract/readers/pdfium';
import type { CropImage, CropRect } from './crop-geometry';
import {
  band,
  closeUpRect,
  closeUpScale,
  cutAndMark,
  lineStartOf,
  pagePixels,
  snapToBlankRows,
  SNAP_RANGE,
  type DrawnRows,
} from './page-crops';

// The crop thread (crop-thread.ts): a PDF's page-box crops drawn by PDFium, the engine the service reads
// PDFs with, off the main process's event loop. One task is one document, opened once; each page's bands
// are drawn once for all the figures on it (only the rows they need), each close-up on its own (only its
// own pixels, at its own scale). Every crop is told as soon as it is made, so the export's progress moves
// and a cancel (which ends this thread) is heard between crops.

/** One document's figures with a page box, by page. */
export interface CropTask {
  bytes: Uint8Array;
  pages: { index: number; figures: { id: number; box: BoxPosition }[] }[];
  /** Where each crop is told, then `done`. */
  port: MessagePort;
}

/** A figure's two crops, or why they could not be made. */
export type PageCrop = { row: CropImage; closeUp: CropImage } | { reason: string };

export type CropMessage =
  | { type: 'crop'; id: number; crop: PageCrop }
  /** The document was opened, or a region of page `page` drawn (tests, benchmarks). */
  | { type: 'opened' }
  | { type: 'drawn'; page: number }
  | { type: 'done' };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

export default async function cropDocument(task: CropTask): Promise<void> {
  const tell = (message: CropMessage) => task.port.postMessage(message);
  const figures = task.pages.flatMap((page) => page.figures);
  let doc: PdfiumDocument;
  try {
    doc = await openPdfium(task.bytes);
  } catch (error) {
    const reason = `the PDF could not be opened: ${messageOf(error)}`;
    for (const { id } of figures) tell({ type: 'crop', id, crop: { reason } });
    tell({ type: 'done' });
    return;
  }
  tell({ type: 'opened' });
  try {
    for (const { index, figures } of task.pages) {
      if (index > doc.pages) {
        const reason = `the PDF has no page ${index} (it has ${doc.pages})`;
        for (const { id } of figures) tell({ type: 'crop', id, crop: { reason } });
        continue;
      }
      const told = new Set<number>();
      try {
        await cropPage(
          doc,
          index,
          figures,
          (id, crop) => {
            told.add(id);
            tell({ type: 'crop', id, crop });
          },
          () => tell({ type: 'drawn', page: index }),
        );
      } catch (error) {
        const reason = `page ${index} could not be drawn: ${messageOf(error)}`;
        for (const { id } of figures) if (!told.has(id)) tell({ type: 'crop', id, crop: { reason } });
      }
    }
  } finally {
    doc.close();
    tell({ type: 'done' });
  }
}

async function cropPage(
  doc: PdfiumDocument,
  index: number,
  figures: { id: number; box: BoxPosition }[],
  made: (id: number, crop: PageCrop) => void,
  drew: () => void,
): Promise<void> {
  const drawing = await pdfiumDrawing(doc, index);
  try {
    const page = pagePixels({ width: drawing.width, height: drawing.height });
    const bands = figures.map(({ box }) => band(box, page.size, page.scale, page));
    // Every band, with room to move its edges to blank rows.
    const from = Math.min(...bands.map((b) => b.crop.y)) - SNAP_RANGE;
    const to = Math.max(...bands.map((b) => b.crop.y + b.crop.height)) + SNAP_RANGE;
    const top = Math.min(Math.max(0, Math.floor(from)), page.height - 1);
    const bottom = Math.min(Math.max(top + 1, Math.ceil(to)), page.height);
    const rows: DrawnRows = {
      image: drawing.draw({ x: 0, y: top, width: page.width, height: bottom - top }, page.scale),
      top,
      left: 0,
      height: page.height,
      scale: page.scale,
    };
    drew();
    for (const [i, { id, box }] of figures.entries()) {
      let crop: PageCrop;
      try {
        const { crop: area, mark } = bands[i]!;
        const snapped = snapToBlankRows(rows, area, mark);
        const row = cutAndMark(rows, snapped, mark);
        const scale = closeUpScale(box);
        const near = closeUpRect(box, page.size, scale, lineStartOf(rows, box, snapped.x / page.scale));
        // Drawn with room above and below, so its edges can move to blank rows as the band's do.
        const pageHeight = Math.ceil(page.size.height * scale);
        const nearTop = Math.max(0, near.crop.y - SNAP_RANGE);
        const nearBottom = Math.min(pageHeight, near.crop.y + near.crop.height + SNAP_RANGE);
        const region: CropRect = {
          x: near.crop.x,
          y: nearTop,
          width: near.crop.width,
          height: nearBottom - nearTop,
        };
        const around: DrawnRows = {
          image: drawing.draw(region, scale),
          top: nearTop,
          left: near.crop.x,
          height: pageHeight,
          scale,
        };
        drew();
        const closeUp = cutAndMark(around, snapToBlankRows(around, near.crop, near.mark), near.mark);
        crop = { row, closeUp };
      } catch (error) {
        crop = { reason: `the crop could not be cut: ${messageOf(error)}` };
      }
      made(id, crop);
    }
  } finally {
    drawing.close();
  }
}
