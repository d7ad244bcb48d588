import type { Reader } from '../types';

// The registry: one reader per format as sniff() names it. Readers load on demand so a worker that reads
// a CSV never loads pdf.js or tesseract.

export async function readerFor(format: string): Promise<Reader> {
  switch (format) {
    case 'pdf':
      return (await import('./pdf')).reader;
    case 'png':
    case 'jpeg':
    case 'tiff':
      return (await import('./image')).reader;
    case 'xlsx':
      return (await import('./xlsx')).reader;
    case 'csv':
    case 'tsv':
      return (await import('./csv')).reader;
    case 'docx':
      return (await import('./docx')).reader;
    case 'html':
      return (await import('./html')).reader;
    case 'markdown':
    case 'text':
      return (await import('./text')).reader;
    default:
      throw new Error(`no reader for format ${format}`);
  }
}
