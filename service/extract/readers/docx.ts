import mammoth from 'mammoth';
import { ReadFailure, type Limits, type Reader } from '../types';
import { decodeText } from './decode';
import { htmlToMarkdown } from './markdown-html';
import { singleUnitResult } from './markdown-unit';
import { OoxmlArchive } from './ooxml-zip';

// Word documents: mammoth turns the document into semantic HTML (headings, lists, tables; images dropped,
// never read), turndown turns that into markdown with pipe tables. Before mammoth's XML parser sees a
// part, every XML part is inflated through the capped archive (ooxml-zip.ts: what the bytes really hold
// is counted against maxUncompressedBytes, whatever the directory declares) and checked for a DTD:
// entity declarations (a "billion laughs" bomb, an external entity) are refused outright instead of
// trusting a parser not to expand them.

const FORMAT = 'docx';
const MAIN_PART = 'word/document.xml';

function corrupt(reason: string): ReadFailure {
  return new ReadFailure('source_corrupt', reason, FORMAT);
}

/**
 * Refuses a document without its main part, with a DTD in any XML part (UTF-8 or UTF-16), or whose XML
 * parts inflate to more than the ceiling.
 */
function checkParts(bytes: Uint8Array, limits: Limits): void {
  const zip = new OoxmlArchive(bytes, limits.maxUncompressedBytes, FORMAT);
  if (!zip.has(MAIN_PART)) throw corrupt(`not a docx: the archive has no ${MAIN_PART}`);
  for (const name of zip.names().filter((part) => /\.(xml|rels)$/i.test(part))) {
    // NULs removed so UTF-16 text without a BOM still shows its markup.
    const text = decodeText(zip.read(name)).text.replace(/\0/g, '');
    if (/<!\s*(DOCTYPE|ENTITY)/i.test(text)) throw corrupt(`XML with a DTD is refused (${name})`);
  }
}

/** An image converter that never reads the image: the <img> it yields is dropped from the markdown. */
const noImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

export const reader: Reader = {
  formats: [FORMAT],
  async read(bytes, format, options) {
    checkParts(bytes, options.limits);
    let html: string;
    try {
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const result = await mammoth.convertToHtml(
        { buffer },
        { convertImage: noImages, externalFileAccess: false, ignoreEmptyParagraphs: true },
      );
      html = result.value;
    } catch (error) {
      throw corrupt(`not a readable docx: ${error instanceof Error ? error.message : String(error)}`);
    }
    return singleUnitResult(format, htmlToMarkdown(html), options);
  },
};
