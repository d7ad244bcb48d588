import type { Reader } from '../types';
import { decodeText } from './decode';
import { singleUnitResult } from './markdown-unit';

// Plain text and markdown: decoded (BOM, UTF-8, else windows-1252) and kept exactly as written. Markdown
// already is markdown; plain text is not escaped, so its figures and symbols stay as the author typed them.

export const reader: Reader = {
  formats: ['markdown', 'text'],
  read(bytes, format, options) {
    return new Promise((resolve) => resolve(singleUnitResult(format, decodeText(bytes).text, options)));
  },
};
