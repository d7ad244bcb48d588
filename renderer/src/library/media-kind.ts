/** The kinds of document a fact-checker names; `Other` for anything else (the service decides if it reads it). */
export type MediaKind = 'PDF' | 'Spreadsheet' | 'Word' | 'Web page' | 'Image' | 'Text' | 'Other';

const BY_MEDIA_TYPE: Record<string, MediaKind> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Spreadsheet',
  'application/vnd.ms-excel': 'Spreadsheet',
  'application/vnd.oasis.opendocument.spreadsheet': 'Spreadsheet',
  'text/csv': 'Spreadsheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/msword': 'Word',
  'application/vnd.oasis.opendocument.text': 'Word',
  'text/html': 'Web page',
  'application/xhtml+xml': 'Web page',
  'text/plain': 'Text',
  'text/markdown': 'Text',
};

const BY_EXTENSION: Record<string, MediaKind> = {
  pdf: 'PDF',
  xlsx: 'Spreadsheet',
  xls: 'Spreadsheet',
  ods: 'Spreadsheet',
  csv: 'Spreadsheet',
  docx: 'Word',
  doc: 'Word',
  odt: 'Word',
  html: 'Web page',
  htm: 'Web page',
  png: 'Image',
  jpg: 'Image',
  jpeg: 'Image',
  tif: 'Image',
  tiff: 'Image',
  webp: 'Image',
  gif: 'Image',
  txt: 'Text',
  md: 'Text',
};

/** A document's kind from its media type (parameters ignored), else from its file name's extension. */
export function mediaKind(mediaType: string, filename = ''): MediaKind {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  const known = BY_MEDIA_TYPE[type];
  if (known !== undefined) return known;
  if (type.startsWith('image/')) return 'Image';
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  return (extension !== undefined ? BY_EXTENSION[extension] : undefined) ?? 'Other';
}

/** Whether a kind is read sheet by sheet (so its units are sheets, not pages). */
export function readsSheets(kind: MediaKind): boolean {
  return kind === 'Spreadsheet';
}
