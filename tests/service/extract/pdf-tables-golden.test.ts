import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageTable } from '../../../shared/api';
import { extract } from '../../../service/extract/extract';

// Golden tables: real PDF tables of several layouts (fixtures/pdf-tables/README.md), read as they were when
// each was checked against its page. A change to how any of them reads fails here until golden.json is
// updated on purpose.

const folder = join(import.meta.dirname, 'fixtures', 'pdf-tables');
const goldenPath = join(folder, 'golden.json');

/** A table as text: its shape, then each row's cells as "col:text", spans marked. */
function asText(table: PageTable): string[] {
  const { rows, cols, headerRows, labelCols, title, unsure } = table;
  const head = JSON.stringify({
    rows,
    cols,
    headerRows,
    labelCols,
    title,
    unsure,
    rtl: table.rightToLeft ?? false,
  });
  const out = [head];
  for (let r = 0; r < rows; r++) {
    const cells = table.cells
      .filter((c) => c.row === r)
      .sort((a, b) => a.col - b.col)
      .map(
        (c) =>
          `${c.col}${c.colSpan > 1 ? `×${c.colSpan}` : ''}${c.rowSpan > 1 ? `↓${c.rowSpan}` : ''}:${c.text}`,
      );
    out.push(`${r < headerRows ? 'H' : ' '}${r} ${cells.join(' | ')}`);
  }
  return out;
}

async function readTables(file: string): Promise<string[][]> {
  const bytes = new Uint8Array(readFileSync(join(folder, file)));
  const result = await extract(bytes, { filename: file }, { ocr: 'off' });
  return result.units.flatMap((unit) => (unit.page?.tables ?? []).map(asText));
}

const files = readdirSync(folder)
  .filter((f) => f.endsWith('.pdf'))
  .sort();

describe('golden PDF tables', () => {
  if (process.env['UPDATE_GOLDEN'] === '1')
    it('writes golden.json from the tables as read now', async () => {
      const golden: Record<string, string[][]> = {};
      for (const file of files) golden[file] = await readTables(file);
      writeFileSync(goldenPath, `${JSON.stringify(golden, null, 1)}\n`);
    });
  else {
    const golden = JSON.parse(readFileSync(goldenPath, 'utf8')) as Record<string, string[][]>;
    it('has a golden reading for every fixture', () => {
      expect(Object.keys(golden).sort()).toEqual(files);
    });
    it.each(files)('%s reads as its golden tables', async (file) => {
      expect(await readTables(file)).toEqual(golden[file]);
    });
  }
});
