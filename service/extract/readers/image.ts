import { crc32 } from 'node:zlib';
import {
  ReadFailure,
  type LostUnit,
  type Reader,
  type ReadOptions,
  type ReadResult,
  type ReadUnit,
} from '../types';
import { OCR_DPI, ocrImage, ocrSettings, type OcrText } from './ocr';
import { tiffDirectories, tiffPage } from './ocr-tiff';

// Images (PNG, JPEG, TIFF): one page, read with OCR. The page's size in points is its pixel size at the
// resolution the file declares (PNG pHYs, JFIF density, TIFF X/YResolution), or at OCR_DPI (300) when it
// declares none; the runs' boxes are in the same points. A multi-page TIFF is read page by page, as many
// pages at once as the OCR pool has workers; progress is reported page after page, in order.

/** Above this many pixels an image is refused before OCR (tesseract holds several copies in wasm memory). */
export const MAX_IMAGE_PIXELS = 60_000_000;

export interface ImageInfo {
  width: number;
  height: number;
  /** Declared resolution, when the file declares a plausible one. */
  dpi: number | null;
  /** PNG with an alpha channel or a transparent colour: flattened onto white before OCR. */
  alpha: boolean;
  /** TIFF: how many images (pages) the file holds. */
  pages: number;
}

const plausibleDpi = (dpi: number) => (Number.isFinite(dpi) && dpi >= 36 && dpi <= 2400 ? dpi : null);

function corrupt(format: string, what: string): ReadFailure {
  return new ReadFailure('source_corrupt', `the ${format.toUpperCase()} image is damaged: ${what}`, format);
}

function pngInfo(bytes: Uint8Array, view: DataView): ImageInfo {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 33 || signature.some((b, i) => bytes[i] !== b)) throw corrupt('png', 'no PNG signature');
  let width = 0;
  let height = 0;
  let dpi: number | null = null;
  let alpha = false;
  let sawData = false;
  let sawEnd = false;
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = offset + 8;
    if (data + length + 4 > bytes.length) break;
    // Every chunk carries a CRC of its type and data: damaged bytes show up here, not as a garbled OCR.
    if (crc32(bytes.subarray(offset + 4, data + length)) !== view.getUint32(data + length))
      throw corrupt('png', `the ${type.replace(/[^\x20-\x7e]/g, '?')} chunk fails its checksum`);
    if (type === 'IHDR') {
      width = view.getUint32(data);
      height = view.getUint32(data + 4);
      const colourType = bytes[data + 9] ?? 0;
      alpha = colourType === 4 || colourType === 6;
    } else if (type === 'pHYs' && length >= 9 && bytes[data + 8] === 1) {
      dpi = plausibleDpi(view.getUint32(data) * 0.0254);
    } else if (type === 'tRNS') alpha = true;
    else if (type === 'IDAT') sawData = true;
    else if (type === 'IEND') {
      sawEnd = true;
      break;
    }
    offset = data + length + 4;
  }
  if (width === 0 || height === 0) throw corrupt('png', 'no image header');
  if (!sawData) throw corrupt('png', 'no image data');
  // A PNG cut short would still decode in part: its top rows, read as if they were the whole image.
  if (!sawEnd) throw corrupt('png', 'the file is cut short (no IEND chunk)');
  return { width, height, dpi, alpha, pages: 1 };
}

function jpegInfo(bytes: Uint8Array, view: DataView): ImageInfo {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw corrupt('jpeg', 'no JPEG start marker');
  let dpi: number | null = null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) throw corrupt('jpeg', `no marker at byte ${offset}`);
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    const data = offset + 4;
    if (length < 2 || offset + 2 + length > bytes.length) break;
    if (
      marker === 0xe0 &&
      length >= 14 &&
      String.fromCharCode(...bytes.subarray(data, data + 5)) === 'JFIF\0'
    ) {
      const units = bytes[data + 7];
      const density = view.getUint16(data + 8);
      if (units === 1) dpi = plausibleDpi(density);
      else if (units === 2) dpi = plausibleDpi(density * 2.54);
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame && length >= 7) {
      const height = view.getUint16(data + 1);
      const width = view.getUint16(data + 3);
      if (width === 0 || height === 0) throw corrupt('jpeg', 'an empty frame');
      // Entropy-coded data never holds FF D9 (an FF in it is stuffed), so no FF D9 after the frame is a
      // file cut short; a decoder would make up the missing rows.
      if (!hasEndMarker(bytes, data - 2 + length))
        throw corrupt('jpeg', 'the file is cut short (no end marker)');
      return { width, height, dpi, alpha: false, pages: 1 };
    }
    if (marker === 0xda || marker === 0xd9) break;
    offset += 2 + length;
  }
  throw corrupt('jpeg', 'no frame header');
}

function hasEndMarker(bytes: Uint8Array, from: number): boolean {
  for (let i = bytes.length - 2; i >= from; i--) if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  return false;
}

function tiffInfo(bytes: Uint8Array, view: DataView): ImageInfo {
  const little = bytes[0] === 0x49 && bytes[1] === 0x49;
  const big = bytes[0] === 0x4d && bytes[1] === 0x4d;
  if ((!little && !big) || bytes.length < 8 || view.getUint16(2, little) !== 42)
    throw corrupt('tiff', 'no TIFF header');
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  const first = u32(4);
  let width = 0;
  let height = 0;
  let dpi: number | null = null;
  let pages = 0;
  const seen = new Set<number>();
  for (let ifd = first; ifd !== 0 && !seen.has(ifd) && pages < 10_000;) {
    if (ifd + 2 > bytes.length) {
      if (pages === 0) throw corrupt('tiff', 'the image directory lies outside the file');
      break;
    }
    seen.add(ifd);
    const count = u16(ifd);
    const end = ifd + 2 + count * 12;
    if (end + 4 > bytes.length) {
      if (pages === 0) throw corrupt('tiff', 'the image directory is cut short');
      break;
    }
    if (pages === 0) {
      let xResolution: number | null = null;
      let unit = 2;
      const arrays = new Map<number, number[]>();
      for (let entry = ifd + 2; entry < end; entry += 12) {
        const tag = u16(entry);
        const type = u16(entry + 2);
        const value = type === 3 ? u16(entry + 8) : u32(entry + 8);
        if ([273, 279, 324, 325].includes(tag) && (type === 3 || type === 4)) {
          const count = Math.min(u32(entry + 4), 1_000_000);
          const size = type === 3 ? 2 : 4;
          const at = count * size <= 4 ? entry + 8 : u32(entry + 8);
          if (at + count * size > bytes.length)
            throw corrupt('tiff', 'the strip table lies outside the file');
          arrays.set(
            tag,
            Array.from({ length: count }, (_, i) => (type === 3 ? u16(at + i * 2) : u32(at + i * 4))),
          );
        }
        if (tag === 256) width = value;
        else if (tag === 257) height = value;
        else if (tag === 296) unit = value;
        else if (tag === 282 && type === 5 && value + 8 <= bytes.length) {
          const denominator = u32(value + 4);
          if (denominator !== 0) xResolution = u32(value) / denominator;
        }
      }
      if (xResolution !== null) dpi = plausibleDpi(unit === 3 ? xResolution * 2.54 : xResolution);
      // The image data (strips or tiles) must lie inside the file: a TIFF cut short would decode in part.
      const offsets = arrays.get(273) ?? arrays.get(324) ?? [];
      const counts = arrays.get(279) ?? arrays.get(325) ?? [];
      if (offsets.length === 0) throw corrupt('tiff', 'no image data');
      offsets.forEach((at, i) => {
        if (at + (counts[i] ?? 0) > bytes.length) throw corrupt('tiff', 'the file is cut short');
      });
    }
    pages++;
    ifd = u32(end);
  }
  if (width === 0 || height === 0) throw corrupt('tiff', 'no image size');
  return { width, height, dpi, alpha: false, pages };
}

/** Size, declared resolution and page count from the file's headers; damaged headers are source_corrupt. */
export function imageInfo(bytes: Uint8Array, format: string): ImageInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (format === 'png') return pngInfo(bytes, view);
    if (format === 'jpeg') return jpegInfo(bytes, view);
    if (format === 'tiff') return tiffInfo(bytes, view);
  } catch (error) {
    if (error instanceof RangeError) throw corrupt(format, 'the headers are cut short');
    throw error;
  }
  throw new ReadFailure('unsupported_format', `the image reader does not read ${format}`, format);
}

/** A PNG with transparency, drawn onto white (tesseract would read transparent pixels as black). */
async function flatten(bytes: Uint8Array, info: ImageInfo, format: string): Promise<Uint8Array> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes));
  } catch (error) {
    throw corrupt(format, error instanceof Error ? error.message : String(error));
  }
  const canvas = createCanvas(info.width, info.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, info.width, info.height);
  context.drawImage(image, 0, 0);
  const png = await canvas.encode('png');
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

export const reader: Reader = {
  formats: ['png', 'jpeg', 'tiff'],
  read: readImage,
};

async function readImage(bytes: Uint8Array, format: string, options: ReadOptions): Promise<ReadResult> {
  const info = imageInfo(bytes, format);
  const pixels = info.width * info.height;
  if (pixels > MAX_IMAGE_PIXELS)
    throw new ReadFailure(
      'source_too_large',
      `image pixels: observed ${pixels} (limit ${MAX_IMAGE_PIXELS})`,
      format,
    );
  if (options.ocr === 'off')
    throw new ReadFailure('ocr_unavailable', 'an image needs OCR, which is off', format);
  if (format === 'tiff' && info.pages > 1) return readTiffPages(bytes, info, options);
  const pointsPerPixel = 72 / (info.dpi ?? OCR_DPI);
  const input = info.alpha ? await flatten(bytes, info, format) : bytes;
  let text;
  try {
    text = await ocrImage(input, pointsPerPixel);
  } catch (error) {
    throw ocrFailure(error, format);
  }
  if (text.markdown.length > options.limits.maxTextChars)
    throw new ReadFailure(
      'source_too_large',
      `text characters: observed ${text.markdown.length} (limit ${options.limits.maxTextChars})`,
      format,
    );
  const unit: ReadUnit = {
    kind: 'page',
    index: 1,
    extraction_method: 'ocr',
    markdown: text.markdown,
    page: {
      width: info.width * pointsPerPixel,
      height: info.height * pointsPerPixel,
      ...(text.tables.length > 0 ? { tables: text.tables } : {}),
    },
    runs: text.runs,
  };
  options.onUnit?.({ kind: 'page', index: 1, total: info.pages, unit });
  return { format, units: [unit], lost: [] };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const unreadableImage = (text: string) => /read image|cannot be read|pix/i.test(text);

/** An OCR error: the image could not be decoded (source_corrupt), else OCR failed (ocr_unavailable). */
function ocrFailure(error: unknown, format: string): ReadFailure {
  const text = message(error);
  if (unreadableImage(text)) return corrupt(format, text);
  return new ReadFailure('ocr_unavailable', `OCR failed: ${text}`, format);
}

/**
 * A multi-page TIFF: each page cut out as a TIFF of its own and read with OCR, as many at once as the pool
 * has workers, progress published in page order. Page 1 fails the file as a single image would; a later
 * page that is damaged or too large is lost, and so is one whose OCR fails, unless the engine itself
 * cannot run (then the file is ocr_unavailable).
 */
async function readTiffPages(bytes: Uint8Array, info: ImageInfo, options: ReadOptions): Promise<ReadResult> {
  const format = 'tiff';
  const directories = tiffDirectories(bytes);
  const total = directories.length;
  if (total > options.limits.maxPages)
    throw new ReadFailure(
      'source_too_large',
      `pages: observed ${total} (limit ${options.limits.maxPages})`,
      format,
    );
  const done: (ReadUnit | LostUnit | undefined)[] = new Array<ReadUnit | LostUnit | undefined>(total);
  let published = 0;
  let chars = 0;
  let failure: ReadFailure | null = null;
  const lose = (
    index: number,
    state: LostUnit['state'],
    code: LostUnit['code'],
    reason: string,
  ): LostUnit => ({
    kind: 'page',
    index,
    state,
    reason,
    code,
  });

  const readPage = async (at: number): Promise<ReadUnit | LostUnit> => {
    const index = at + 1;
    const directory = directories[at];
    if (!directory) return lose(index, 'unreadable', 'source_corrupt', 'the page has no image directory');
    const pixels = directory.width * directory.height;
    if (pixels > MAX_IMAGE_PIXELS)
      return lose(
        index,
        'unreadable',
        'source_too_large',
        `image pixels: observed ${pixels} (limit ${MAX_IMAGE_PIXELS})`,
      );
    let page: Uint8Array;
    try {
      page = tiffPage(bytes, directory.offset);
    } catch (error) {
      if (index === 1) throw corrupt(format, message(error));
      return lose(index, 'unreadable', 'source_corrupt', `the page is damaged: ${message(error)}`);
    }
    const dpi = index === 1 ? info.dpi : directory.dpi;
    const pointsPerPixel = 72 / (dpi ?? OCR_DPI);
    let text: OcrText;
    try {
      text = await ocrImage(page, pointsPerPixel);
    } catch (error) {
      const failed = ocrFailure(error, format);
      if (index === 1 || /tesseract failed to start|traineddata|wasm/i.test(message(error))) throw failed;
      return unreadableImage(message(error))
        ? lose(index, 'unreadable', 'source_corrupt', failed.reason)
        : lose(index, 'error', 'ocr_unavailable', failed.reason);
    }
    return {
      kind: 'page',
      index,
      extraction_method: 'ocr',
      markdown: text.markdown,
      page: {
        width: directory.width * pointsPerPixel,
        height: directory.height * pointsPerPixel,
        ...(text.tables.length > 0 ? { tables: text.tables } : {}),
      },
      runs: text.runs,
    };
  };

  // Pages finished out of order wait for the ones before them; the text ceiling is counted in order.
  const publish = () => {
    for (let next = done[published]; next !== undefined && failure === null; next = done[published]) {
      published++;
      if ('markdown' in next) {
        chars += next.markdown.length;
        if (chars > options.limits.maxTextChars) {
          failure = new ReadFailure(
            'source_too_large',
            `text characters: observed at least ${chars} by page ${next.index} (limit ${options.limits.maxTextChars})`,
            format,
          );
          return;
        }
        options.onUnit?.({ kind: 'page', index: next.index, total, unit: next });
      }
    }
  };

  let cursor = 0;
  const lane = async () => {
    while (failure === null && cursor < total) {
      const at = cursor++;
      try {
        done[at] = await readPage(at);
      } catch (error) {
        failure ??= error instanceof ReadFailure ? error : ocrFailure(error, format);
        return;
      }
      publish();
    }
  };
  const lanes = Math.max(1, Math.min(total, ocrSettings().workers));
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failure) throw failure;
  const read = done.filter((unit): unit is ReadUnit | LostUnit => unit !== undefined);
  return {
    format,
    units: read.filter((unit): unit is ReadUnit => 'markdown' in unit),
    lost: read.filter((unit): unit is LostUnit => !('markdown' in unit)),
  };
}
