import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PartError } from './ooxml-zip';

// XML for the xlsx reader. A part that declares a DTD (`<!DOCTYPE`, `<!ENTITY`) is refused before any
// parser sees it: no entity is ever defined, expanded or fetched (billion laughs, external entities).
// The parser runs with entity processing off; the five XML built-ins and numeric character references
// are decoded here, and anything else that looks like an entity reference stays as written.

/** A parsed element: attributes (prefix stripped) and children by local name; text under '#text'. */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

const ARRAYS = new Set(['sheet', 'Relationship', 'si', 'r', 'row', 'c', 'mergeCell', 'numFmt', 'xf']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ARRAYS.has(name),
});

/** Parses one part; a DTD or malformed XML is a PartError (source_corrupt) naming the part. */
export function parseXml(text: string, part: string): XmlNode {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text))
    throw new PartError(`${part}: DTDs are refused (the part declares a DOCTYPE or ENTITY)`, 'xlsx');
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new PartError(`${part}: malformed XML (${valid.err.msg}, line ${valid.err.line})`, 'xlsx');
  try {
    return parser.parse(text) as XmlNode;
  } catch (error) {
    throw new PartError(`${part}: malformed XML (${(error as Error).message})`, 'xlsx');
  }
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the XML built-in entities and numeric character references; other `&name;` stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body] ?? whole;
  });
}

/** The element's children with that name, as a list (absent → empty). */
export function children(node: XmlValue | undefined, name: string): XmlValue[] {
  if (node === undefined || typeof node === 'string' || Array.isArray(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The first child element with that name. */
export function child(node: XmlValue | undefined, name: string): XmlValue | undefined {
  return children(node, name)[0];
}

/** An attribute, entity-decoded; undefined when absent. */
export function attr(node: XmlValue | undefined, name: string): string | undefined {
  if (node === undefined || typeof node === 'string' || Array.isArray(node)) return undefined;
  const value = node[name];
  return typeof value === 'string' ? decodeEntities(value) : undefined;
}

/** The element's own text, entity-decoded ('' for an empty element). */
export function text(node: XmlValue | undefined): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return decodeEntities(node);
  if (Array.isArray(node)) return node.map(text).join('');
  const value = node['#text'];
  return typeof value === 'string' ? decodeEntities(value) : '';
}

/** OOXML escapes characters XML cannot carry as `_xHHHH_` (`_x000D_` is CR; `_x005F_` escapes `_`). */
export function decodeOoxmlEscapes(value: string): string {
  if (!value.includes('_x')) return value;
  return value.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
