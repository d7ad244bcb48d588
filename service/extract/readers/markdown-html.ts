import TurndownService from 'turndown';

// HTML to markdown for the readers that go through HTML (docx via mammoth, html via Readability): one
// turndown setup, with GFM pipe tables so a table stays a table (its numbers stay in their rows and
// columns), images dropped (nothing is ever fetched, and a picture holds no text we can cite), and
// numbers left unescaped where markdown would not misread them.

/** The little of the DOM the table rule walks; turndown hands it domino nodes. */
interface DomElement {
  nodeName: string;
  childNodes: ArrayLike<DomElement>;
  nodeType: number;
  getAttribute(name: string): string | null;
}

interface ListItem {
  parentNode: (DomElement & { children: ArrayLike<unknown> }) | null;
  nextSibling: unknown;
}

const ELEMENT_NODE = 1;

/** Elements whose content never reaches the markdown: media (never fetched), scripts, styles, metadata. */
const DROPPED = new Set(
  ['img', 'picture', 'svg', 'canvas', 'video', 'audio', 'iframe', 'object', 'embed', 'map']
    .concat(['script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'base'])
    .map((name) => name.toUpperCase()),
);

/** A cell's text on one line of a pipe table: inner newlines become spaces, pipes are escaped. */
function cellText(markdown: string): string {
  return markdown.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

function children(node: DomElement, names: readonly string[]): DomElement[] {
  const found: DomElement[] = [];
  for (let i = 0; i < node.childNodes.length; i++) {
    const child = node.childNodes[i];
    if (child && child.nodeType === ELEMENT_NODE && names.includes(child.nodeName)) found.push(child);
  }
  return found;
}

/** The table's own rows, in order (thead, tbody, tfoot or bare), not those of tables nested in cells. */
function rowsOf(table: DomElement): DomElement[] {
  const rows: DomElement[] = [];
  for (let i = 0; i < table.childNodes.length; i++) {
    const child = table.childNodes[i];
    if (!child || child.nodeType !== ELEMENT_NODE) continue;
    if (child.nodeName === 'TR') rows.push(child);
    else if (['THEAD', 'TBODY', 'TFOOT'].includes(child.nodeName)) rows.push(...children(child, ['TR']));
  }
  return rows;
}

function span(cell: DomElement): number {
  const value = Number.parseInt(cell.getAttribute('colspan') ?? '1', 10);
  return Number.isFinite(value) && value > 1 ? Math.min(value, 1000) : 1;
}

function pipeRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
    strongDelimiter: '**',
  });
  // Cells are converted by turndown (children first); the table rule lays them out from the DOM.
  const converted = new WeakMap<object, string>();
  service.addRule('tableCell', {
    filter: ['td', 'th'],
    replacement: (content, node) => {
      converted.set(node, cellText(content));
      return '';
    },
  });
  service.addRule('tableRow', { filter: ['tr'], replacement: () => '' });
  service.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: () => '' });
  service.addRule('tableCaption', {
    filter: ['caption'],
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  service.addRule('table', {
    filter: ['table'],
    replacement: (content, node) => {
      const table = node as unknown as DomElement;
      const caption = children(table, ['CAPTION']).length > 0 ? content.trim() : '';
      const rows = rowsOf(table).map((row) =>
        children(row, ['TD', 'TH']).flatMap((cell) => {
          const text = converted.get(cell) ?? '';
          return [text, ...Array.from({ length: span(cell) - 1 }, () => '')];
        }),
      );
      const width = Math.max(0, ...rows.map((row) => row.length));
      if (width === 0) return caption === '' ? '' : `\n\n${caption}\n\n`;
      const padded = rows.map((row) => [...row, ...Array.from({ length: width - row.length }, () => '')]);
      const [header = [], ...body] = padded;
      const lines = [
        pipeRow(header),
        pipeRow(Array.from({ length: width }, () => '---')),
        ...body.map(pipeRow),
      ];
      return `\n\n${caption === '' ? '' : `${caption}\n\n`}${lines.join('\n')}\n\n`;
    },
  });
  // addRule, not remove(): turndown's own rules (its image rule) win over its remove list.
  service.addRule('dropped', {
    filter: (node) => DROPPED.has(node.nodeName),
    replacement: () => '',
  });
  // List items with one space after the marker ("- one", "2. two"), not turndown's three.
  service.addRule('listItem', {
    filter: ['li'],
    replacement: (content, node) => {
      const item = node as unknown as ListItem;
      const parent = item.parentNode;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number.parseInt(parent.getAttribute('start') ?? '1', 10);
        const index = Array.prototype.indexOf.call(parent.children, item);
        prefix = `${(Number.isFinite(start) ? start : 1) + index}. `;
      }
      const paragraphs = /\n$/.test(content);
      const text = content.replace(/^\n+|\n+$/g, '') + (paragraphs ? '\n' : '');
      return prefix + text.replace(/\n/g, `\n${' '.repeat(prefix.length)}`) + (item.nextSibling ? '\n' : '');
    },
  });
  // Turndown escapes a hyphen at the start of a text node so it is not read as a list item; "-5.2%"
  // cannot be one (a list marker needs a space), and the figure finder needs the sign as written.
  const escape = service.escape.bind(service);
  service.escape = (text: string) => escape(text).replace(/^\\-(?=\d)/, '-');
  return service;
}

let shared: TurndownService | null = null;

/** Converts an HTML fragment or document to markdown; tidies runs of blank lines. */
export function htmlToMarkdown(html: string): string {
  shared ??= createService();
  return shared
    .turndown(html)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
