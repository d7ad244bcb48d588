import { createHash } from 'node:crypto';
import type { Image } from '@napi-rs/canvas';
import type { BoxPosition, Representation } from '../../../shared/api';
import {
  cellsCrop,
  cropKey,
  textCrop,
  type CropImage,
  type CropRect,
  type ReportCrop,
} from './crop-geometry';
import { createCropThread, type CropPages, type CropThread, type PdfDrawEvent } from './crop-thread';
import type { ReportBundle, ReportOperand } from './model';
import { band, closeUpRect, closeUpScale, CROP_SCALE, markAndEncode, markInCrop } from './page-crops';
import { formatByMagic } from '../../../shared/vocabulary/formats';

// The crop of every cited figure of a report, made from the retained bytes and representations:
// - a figure with a page box in a PDF: two images, the box outlined in CROP_MARK_COLOUR in both, drawn by
//   PDFium (the engine the service reads PDFs with) in a thread of their own (crop-thread.ts), made when
//   the first PDF is cropped and ended when the crops are done: a close-up of the figure's cell and its
//   neighbours, drawn at the scale that makes its digits readable at their natural size, and the band of
//   its row across the page at CROP_SCALE, where its label is; each page's bands are drawn once for all the
//   figures on it, each close-up on its own, each document opened once;
// - a figure with a page box in an image scan (PNG, JPEG): the same two images cut from the image itself
//   (the image reader's boxes are in points at the scan's declared resolution: the unit's page size says
//   how many pixels a point is);
// - a figure in a sheet cell: the cell's neighbours (cellsCrop);
// - a figure located only by its span (Word, HTML, text, or a page without a run under it): the text
//   around it (textCrop).
// The geometry and the outline are page-crops.ts's, the same for both kinds of page. The same bytes give
// the same PNG bytes. A crop that cannot be made is `none` with its reason, and the report says so; only an
// aborted signal rejects (with an AbortError), checked before every crop and ending the crop thread's task.

export interface CropAccess {
  /** The retained bytes of a source version. */
  content(sourceVersionId: string, signal?: AbortSignal): Promise<{ bytes: Uint8Array; mediaType: string }>;
  /** A representation by its id. */
  representation(representationId: string, signal?: AbortSignal): Promise<Representation>;
}

export interface MakeCropsOptions {
  signal?: AbortSignal;
  /** Called with how many distinct crops are made of how many (a figure cited twice is cropped once). */
  onProgress?: (done: number, total: number) => void;
  /** Told when a PDF is opened and when a region of one of its pages is drawn (tests, benchmarks). */
  onDraw?: (event: PdfDrawEvent) => void;
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('the report was cancelled', 'AbortError');
}

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/**
 * Gives the event loop a turn: sheets, text and image scans are cropped on this thread, and a figure's
 * representation is often already read, so without this a cancel (or a progress event) could wait for the
 * end.
 */
async function breathe(signal: AbortSignal | undefined): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  checkAbort(signal);
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** One crop to make: every key that shows it, and the operand it is of. */
interface Job {
  keys: string[];
  operand: ReportOperand;
}

/** What a source's bytes are, by the formats' magic numbers (the media type as given is only a fallback). */
function kindOfBytes(bytes: Uint8Array, mediaType: string): 'pdf' | 'png' | 'jpeg' | 'tiff' | 'other' {
  const format = formatByMagic(bytes);
  if (format === 'pdf' || format === 'png' || format === 'jpeg' || format === 'tiff') return format;
  return mediaType === 'application/pdf' ? 'pdf' : 'other';
}

function sha256(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** The words of a figure's alt text: what it is and where. */
function altOf(operand: ReportOperand): string {
  return `The figure ${operand.figure.raw} highlighted on page ${operand.unit.index}`;
}

/**
 * Cuts `crop` out of an image scan, drawn `scale` times its size (smoothed when not 1), outlines `mark` (in
 * the scan's pixels) in it and writes the PNG.
 */
async function cutScan(image: Image, crop: CropRect, mark: CropRect, scale: number): Promise<CropImage> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const width = Math.max(1, Math.round(crop.width * scale));
  const height = Math.max(1, Math.round(crop.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = scale !== 1;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  return markAndEncode(
    { rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height },
    markInCrop(crop, mark, scale, width, height),
  );
}

/**
 * The crop of every figure of every check of `bundle`, by `cropKey(caseId, checkIndex, operandIndex)`.
 * Never rejects for one figure: a crop that cannot be made is `{ kind: 'none', reason }`. Rejects with an
 * AbortError when `signal` is aborted (checked before each document and crop; a PDF being drawn is stopped
 * with its thread). The crop thread, if one was started, has ended when this answers.
 */
export async function makeCrops(
  bundle: ReportBundle,
  access: CropAccess,
  options: MakeCropsOptions = {},
): Promise<Map<string, ReportCrop>> {
  const { signal, onProgress, onDraw } = options;
  checkAbort(signal);
  // One job per distinct figure; grouped by source version, in the bundle's order.
  const jobs = new Map<string, Job>();
  for (const c of bundle.cases)
    c.checks.forEach((check, checkIndex) =>
      check.operands.forEach((operand, operandIndex) => {
        const id = [
          operand.source.sourceVersionId,
          operand.representationId,
          operand.unit.sourceUnitId,
          operand.reference.figure_index,
        ].join('\u0000');
        const job = jobs.get(id);
        const key = cropKey(c.caseId, checkIndex, operandIndex);
        if (job) job.keys.push(key);
        else jobs.set(id, { keys: [key], operand });
      }),
    );
  const bySource = new Map<string, Job[]>();
  for (const job of jobs.values()) {
    const list = bySource.get(job.operand.source.sourceVersionId) ?? [];
    list.push(job);
    bySource.set(job.operand.source.sourceVersionId, list);
  }

  const crops = new Map<string, ReportCrop>();
  const total = jobs.size;
  let done = 0;
  onProgress?.(0, total);
  const settle = (job: Job, crop: ReportCrop) => {
    for (const key of job.keys) crops.set(key, crop);
    done++;
    onProgress?.(done, total);
  };

  const representations = new Map<string, Promise<Representation>>();
  const representationOf = (id: string) => {
    let found = representations.get(id);
    if (!found) {
      found = access.representation(id, signal);
      found.catch(() => {}); // read by whoever awaits it
      representations.set(id, found);
    }
    return found;
  };
  const unitOf = async (operand: ReportOperand) => {
    const representation = await representationOf(operand.representationId);
    const unit = representation.units.find((u) => u.source_unit_id === operand.unit.sourceUnitId);
    if (!unit) throw new Error(`unit ${operand.unit.sourceUnitId} is not in its representation`);
    return unit;
  };

  /** Runs `make`; an error that is not an abort becomes a `none` crop with `what: message`. */
  const attempt = async (job: Job, what: string, make: () => Promise<ReportCrop>) => {
    await breathe(signal);
    let crop: ReportCrop;
    try {
      crop = await make();
    } catch (error) {
      if (isAbort(error, signal)) throw signal?.aborted ? abortError(signal) : error;
      crop = { kind: 'none', reason: `${what}: ${messageOf(error)}` };
    }
    checkAbort(signal);
    settle(job, crop);
  };

  /** The crop thread, made when the first PDF is cropped and ended before this returns. */
  const pdfs: { thread: CropThread | null } = { thread: null };
  try {
    for (const [, sourceJobs] of bySource) await cropSource(sourceJobs);
  } finally {
    await pdfs.thread?.close();
  }
  return crops;

  async function cropSource(sourceJobs: Job[]): Promise<void> {
    checkAbort(signal);
    const boxes: Job[] = [];
    for (const job of sourceJobs) {
      const position = job.operand.figure.position;
      if (position.kind === 'box') {
        boxes.push(job);
        continue;
      }
      if (position.kind === 'cell') {
        await attempt(job, 'the sheet could not be read', async () => {
          const unit = await unitOf(job.operand);
          if (!unit.sheet) return { kind: 'none', reason: 'the unit is not a sheet' };
          return (
            cellsCrop(unit.sheet.name, unit.sheet.cells, position.ref) ?? {
              kind: 'none',
              reason: `the cell ${position.ref} is not an A1 reference`,
            }
          );
        });
        continue;
      }
      await attempt(job, 'the text could not be read', async () => {
        const unit = await unitOf(job.operand);
        return (
          textCrop(unit.markdown, job.operand.figure.span) ?? {
            kind: 'none',
            reason: "the figure's span lies outside its unit's text",
          }
        );
      });
    }
    if (boxes.length > 0) await cropBoxes(boxes);
  }

  /** The page-box crops of one source version: its bytes read once, each page drawn once. */
  async function cropBoxes(boxes: Job[]): Promise<void> {
    const source = boxes[0]!.operand.source;
    let content: { bytes: Uint8Array; mediaType: string };
    try {
      content = await access.content(source.sourceVersionId, signal);
    } catch (error) {
      if (isAbort(error, signal)) throw signal?.aborted ? abortError(signal) : error;
      const reason = `the retained bytes could not be read: ${messageOf(error)}`;
      for (const job of boxes) settle(job, { kind: 'none', reason });
      return;
    }
    checkAbort(signal);
    // A crop shows the bytes the report cites, or none: bytes changed since are not drawn.
    if (sha256(content.bytes) !== source.bytesHash) {
      const reason = `the retained bytes do not match their hash ${source.bytesHash}`;
      for (const job of boxes) settle(job, { kind: 'none', reason });
      return;
    }
    const kind = kindOfBytes(content.bytes, content.mediaType);
    if (kind === 'pdf') await cropPdf(boxes, content.bytes);
    else if (kind === 'png' || kind === 'jpeg') await cropImage(boxes, content.bytes);
    else {
      const reason =
        kind === 'tiff'
          ? 'a TIFF scan cannot be drawn for a crop'
          : `a page box in a ${content.mediaType || 'document'} cannot be drawn`;
      for (const job of boxes) settle(job, { kind: 'none', reason });
    }
  }

  async function cropPdf(boxes: Job[], bytes: Uint8Array): Promise<void> {
    const byPage = new Map<number, Job[]>();
    for (const job of boxes) {
      const list = byPage.get(job.operand.unit.index) ?? [];
      list.push(job);
      byPage.set(job.operand.unit.index, list);
    }
    const jobs: Job[] = [];
    const pages: CropPages = [...byPage]
      .sort((a, b) => a[0] - b[0])
      .map(([index, pageJobs]) => ({
        index,
        figures: pageJobs.map((job) => ({
          id: jobs.push(job) - 1,
          box: job.operand.figure.position as BoxPosition,
        })),
      }));
    const settled = new Set<number>();
    const made = (id: number, crop: ReportCrop) => {
      const job = jobs[id];
      // Told after a cancel, or twice: the crop is no longer wanted.
      if (job === undefined || settled.has(id) || signal?.aborted) return;
      settled.add(id);
      settle(job, crop);
    };
    const rest = (reason: string) => {
      for (const id of jobs.keys()) made(id, { kind: 'none', reason });
    };
    await breathe(signal);
    pdfs.thread ??= createCropThread();
    try {
      await pdfs.thread.crop(
        bytes,
        pages,
        (id, crop) => {
          const job = jobs[id];
          if (job === undefined) return;
          made(
            id,
            'reason' in crop
              ? { kind: 'none', reason: crop.reason }
              : { kind: 'image', ...crop.row, alt: altOf(job.operand), closeUp: crop.closeUp },
          );
        },
        { signal, onDraw },
      );
    } catch (error) {
      if (isAbort(error, signal)) throw signal?.aborted ? abortError(signal) : error;
      rest(`the PDF could not be drawn: ${messageOf(error)}`);
    }
    checkAbort(signal);
    rest('the crop thread did not answer for this figure');
  }

  async function cropImage(boxes: Job[], bytes: Uint8Array): Promise<void> {
    const { loadImage } = await import('@napi-rs/canvas');
    let image: Image;
    try {
      image = await loadImage(Buffer.from(bytes));
      if (!(image.width > 0 && image.height > 0)) throw new Error('the image has no pixels');
    } catch (error) {
      if (isAbort(error, signal)) throw signal?.aborted ? abortError(signal) : error;
      const reason = `the image could not be decoded: ${messageOf(error)}`;
      for (const job of boxes) settle(job, { kind: 'none', reason });
      return;
    }
    for (const job of boxes)
      await attempt(job, 'the crop could not be cut', async () => {
        const unit = await unitOf(job.operand);
        if (!unit.page) return { kind: 'none', reason: 'the unit has no page size' };
        // The image reader's boxes are in points at the scan's resolution: pixels per point from the page.
        const pixelsPerPoint = image.width / unit.page.width;
        const box = job.operand.figure.position as BoxPosition;
        const { crop, mark } = band(box, unit.page, pixelsPerPoint, image);
        // Never more pixels per point than a PDF page is drawn at.
        const shrink = Math.min(1, CROP_SCALE / pixelsPerPoint);
        const row = await cutScan(image, crop, mark, shrink);
        const scale = closeUpScale(box);
        const near = closeUpRect(box, unit.page, scale);
        // The close-up's rectangle in the scan's pixels, drawn at the close-up's scale.
        const ratio = pixelsPerPoint / scale;
        const onScan = (r: CropRect) => ({
          x: r.x * ratio,
          y: r.y * ratio,
          width: r.width * ratio,
          height: r.height * ratio,
        });
        const closeUp = await cutScan(image, onScan(near.crop), onScan(near.mark), 1 / ratio);
        return { kind: 'image', ...row, alt: altOf(job.operand), closeUp };
      });
  }
}
