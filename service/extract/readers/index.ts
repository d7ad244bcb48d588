import type { Format } from '../../../shared/vocabulary/formats';
import type { Reader } from '../types';

// The registry: one reader per format of the table (shared/vocabulary/formats.ts), typed by it, so a
// format without a reader does not compile. Readers load on demand so a worker that reads a CSV never
// loads pdf.js or tesseract.

export type ReaderRegistry<F extends string = Format> = Readonly<Record<F, () => Promise<Reader<F>>>>;

export const READERS: ReaderRegistry = {
  pdf: async () => (await import('./pdf')).reader,
  png: async () => (await import('./image')).reader,
  jpeg: async () => (await import('./image')).reader,
  tiff: async () => (await import('./image')).reader,
  xlsx: async () => (await import('./xlsx')).reader,
  csv: async () => (await import('./csv')).reader,
  tsv: async () => (await import('./csv')).reader,
  docx: async () => (await import('./docx')).reader,
  html: async () => (await import('./html')).reader,
  markdown: async () => (await import('./text')).reader,
  text: async () => (await import('./text')).reader,
};

/** The reader of a format as the sniffer names it. `readers` is for tests: the service reads READERS. */
export async function readerFor(
  format: string,
  readers: ReaderRegistry<string> = READERS,
): Promise<Reader<string>> {
  if (!Object.hasOwn(readers, format)) throw new Error(`no reader for format ${format}`);
  const load = readers[format];
  if (load === undefined) throw new Error(`no reader for format ${format}`);
  return load();
}
