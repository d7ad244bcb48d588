import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FigureSearchResponse, type FigureSearchRequestInput, type PageTable } from '../../../shared/api';
import { findFigures, type FindOptions } from '../../../shared/figures';
import type { Extraction } from '../../../service/extract/extract';
import { serviceErrorOf } from '../../../service/operations/errors';
import { searchFigures } from '../../../service/operations/figures';
import { openDatabase } from '../../../service/store/database';
import { MIGRATIONS } from '../../../service/store/migrations';
import { Store } from '../../../service/store/store';
import { tempDir } from '../helpers';
import { newAsset } from '../store/engines';

// figures.search on the embedded SQLite store: documents published with page tables (cells, row labels,
// column headers, scale notes) and running text; a search by value finds the figure the claim rests on,
// places it in its cell with its headers, and never a figure with the same digits in another unit or
// scale, another account's, or a removed source's.

type Row = readonly string[];

/** A page holding `text`, then a table (its title, a header row, label column, body rows) read as cells. */
function page(
  index: number,
  o: { text?: string; title?: string; header?: Row; rows?: Row[]; note?: FindOptions },
): Extraction['units'][number] {
  let markdown = o.text ? `${o.text}\n\n` : '';
  const figures: Extraction['units'][number]['figures'] = [];
  const add = (
    text: string,
    at: number,
    position: Extraction['units'][number]['figures'][number]['position'],
    options: FindOptions = {},
  ) => {
    for (const f of findFigures(text, options)) {
      const { start, end, ...rest } = f;
      figures.push({ ...rest, index: figures.length, span: { start: at + start, end: at + end }, position });
    }
  };
  if (o.text) add(o.text, 0, { kind: 'text' });
  const tables: PageTable[] = [];
  if (o.header && o.rows) {
    if (o.title) markdown += `${o.title}\n\n`;
    const cells: PageTable['cells'] = [];
    const grid = [o.header, ...o.rows];
    grid.forEach((row, r) => {
      const line: string[] = [];
      row.forEach((text, c) => {
        const box = { x: 50 + 100 * c, y: 100 + 20 * r, width: 60, height: 12 };
        cells.push({ row: r, col: c, rowSpan: 1, colSpan: 1, text, box, header: r === 0 || c === 0 });
        const at = markdown.length + line.join(' | ').length + (line.length > 0 ? 3 : 0);
        if (r > 0 && c > 0)
          add(
            text,
            at,
            { kind: 'box', ...box, cell: { table: 0, row: r, col: c } },
            { ...o.note, cell: true },
          );
        line.push(text);
      });
      markdown += `${line.join(' | ')}\n`;
    });
    tables.push({
      index: 0,
      box: { x: 40, y: 90, width: 400, height: 20 * grid.length },
      rows: grid.length,
      cols: o.header.length,
      headerRows: 1,
      labelCols: 1,
      title: o.title ?? null,
      notes: [],
      cells,
      unsure: false,
    });
  }
  return {
    kind: 'page',
    index,
    extraction_method: 'text_layer',
    markdown,
    figures,
    page: { width: 612, height: 792, ...(tables.length > 0 ? { tables } : {}) },
  } as Extraction['units'][number];
}

function extraction(units: Extraction['units']): Extraction {
  return {
    format: 'pdf',
    state: 'complete',
    code: null,
    reason: null,
    extraction_method: 'text_layer',
    units,
    markdown: units.map((u) => u.markdown).join('\n\n'),
  };
}

let dir: string;
let store: Store;
let account: string;
let n = 0;

async function publish(
  accountId: string,
  units: Extraction['units'],
  meta: { title?: string; publication_year?: number } = {},
  extractor = 'test',
): Promise<{ sourceVersionId: string; representationId: string }> {
  const { sourceVersion } = await store.insertAsset(
    {
      ...newAsset((++n).toString(16).padStart(64, '0'), accountId),
      title: meta.title ?? null,
      publication_year: meta.publication_year ?? null,
    },
    true,
  );
  const representationId = await store.publishRepresentation(sourceVersion!.id, extractor, extraction(units));
  return { sourceVersionId: sourceVersion!.id, representationId };
}

const search = async (body: FigureSearchRequestInput, accountId = account) =>
  FigureSearchResponse.parse(await searchFigures(store, accountId, body));

beforeEach(async () => {
  dir = await tempDir();
  store = await Store.open(dir);
  account = await store.createAccount();
});
afterEach(async () => {
  store.close();
  const { rm } = await import('node:fs/promises');
  await rm(dir, { recursive: true, force: true });
});

const CHECKS = {
  title: 'NICS firearm checks by state, 2023',
  header: ['State', 'Handgun', 'Long gun'],
  rows: [
    ['Ohio', '56,500', '40,210'],
    ['Texas', '56,941', '51,670'],
    ['Utah', '12,004', '9,870'],
  ],
};

describe('figures.search on the embedded store', () => {
  it('finds "almost 57,000" Texas handgun checks in its cell, with its row label and column header', async () => {
    const { sourceVersionId, representationId } = await publish(account, [page(1, CHECKS)], {
      title: 'NICS checks',
    });
    // The same digits as money, and the same digits in thousands: neither is the claim's number.
    await publish(account, [page(1, { text: 'The agency spent $56,941 on the audit.' })]);
    await publish(account, [
      page(1, {
        title: 'Checks (thousands)',
        header: ['State', 'Handgun'],
        rows: [['Texas', '56,941']],
        note: { scale: 1e3 },
      }),
    ]);

    const found = await search({
      value: 57000,
      unit: 'checks',
      tolerance: { written: 'almost 57,000' },
      words: 'Texas handgun',
    });
    expect(found.query).toMatchObject({ value: 57000, low: 56000, high: 57000, hedge: 'almost' });
    const first = found.figures[0]!;
    expect(first).toMatchObject({
      rank: 1,
      source_version_id: sourceVersionId,
      representation_id: representationId,
      figure: { raw: '56,941', value: 56941 },
      cell: { table: 0, ref: null, row: 2, col: 1 },
      row_labels: ['Texas'],
      column_headers: ['Handgun'],
      table_title: CHECKS.title,
      unit: { kind: 'page', index: 1, label: 'page 1' },
      distance: 59,
    });
    expect(first.position).toMatchObject({ kind: 'box', cell: { table: 0, row: 2, col: 1 } });
    // The four ids are an operand reference a numeric check takes as they are.
    const unit = await store.loadUnit(first.representation_id, first.source_unit_id);
    expect(unit?.figures[first.figure_index]?.raw).toBe('56,941');
    // Ohio's 56,500 is in range but matches fewer words; the money is another unit.
    expect(found.figures.map((f) => f.figure.raw)).toEqual(['56,941', '56,500']);
    expect(found.figures.map((f) => f.figure.raw)).not.toContain('$56,941');
  });

  it('reads "57k" as a range around 57,000 and the thousands table’s 56.94 as 56,940', async () => {
    await publish(account, [
      page(1, {
        title: 'Checks (thousands)',
        header: ['State', 'Handgun'],
        rows: [['Texas', '56.94']],
        note: { scale: 1e3 },
      }),
    ]);
    await publish(account, [page(1, { text: 'Only 56.94 tonnes were moved, and 57 more.' })]);
    const found = await search({ value: 57, scale: 'thousand', tolerance: { written: '57k' } });
    expect(found.figures.map((f) => [f.figure.raw, f.figure.value])).toEqual([['56.94', 56940]]);
  });

  it('finds 4.7 per cent as 4.7% or a 4.7 under a % header, never $4.7 or 4.7 pp', async () => {
    await publish(account, [
      page(1, {
        text: 'Unemployment was 4.7% in May. Prices rose $4.7 a unit. The gap widened by 4.7 pp. Score 4.7 out of 10.',
      }),
    ]);
    await publish(account, [
      page(1, {
        title: 'Rates',
        header: ['Region', 'Rate (%)'],
        rows: [
          ['North', '4.7'],
          ['South', '4.9'],
        ],
      }),
    ]);
    const found = await search({ value: 4.7, unit: 'per cent' });
    expect(found.query).toMatchObject({ unit: '%', unitClass: 'percent' });
    const shown = found.figures.map((f) => [f.figure.raw, f.unit_match]);
    // Stated as per cent (its own sign, or its column's header) first; a bare 4.7 after them.
    expect(shown).toEqual([
      ['4.7%', 'same'],
      ['4.7', 'same'],
      ['4.7', 'unstated'],
    ]);
    expect(found.figures[1]?.column_headers).toEqual(['Rate (%)']);
    expect(shown.map(([raw]) => raw)).not.toContain('$4.7');
    expect(shown.map(([raw]) => raw)).not.toContain('4.7 pp');
    expect(shown.map(([raw]) => raw)).not.toContain('4.9');
  });

  it('finds "$1.2bn" as 1,200 under "$ million", and not 1,200 unscaled or £1.2bn', async () => {
    const { sourceVersionId } = await publish(account, [
      page(1, {
        title: 'Spending ($ million)',
        header: ['Department', '2023'],
        rows: [
          ['Health', '1,200'],
          ['Defence', '980'],
        ],
        note: { scale: 1e6, unit: 'USD' },
      }),
    ]);
    await publish(account, [page(1, { text: 'The council hired 1,200 staff and spent £1.2bn.' })]);
    const found = await search({ value: 1.2, tolerance: { written: '$1.2bn' }, words: 'health' });
    expect(found.query).toMatchObject({ value: 1.2e9, unit: 'USD' });
    expect(found.figures).toHaveLength(1);
    expect(found.figures[0]).toMatchObject({
      source_version_id: sourceVersionId,
      figure: { raw: '1,200', value: 1.2e9 },
      row_labels: ['Health'],
      column_headers: ['2023'],
      words_matched: ['health'],
    });
  });

  it('answers the caller’s own figures only, filtered, of the newest representation, gone with the source', async () => {
    const other = await store.createAccount();
    await publish(other, [page(1, CHECKS)]);
    expect((await search({ value: 56941 })).figures).toEqual([]);

    const mine = await publish(account, [page(1, CHECKS)], { publication_year: 2023 });
    expect((await search({ value: 56941 })).figures).toHaveLength(1);
    expect((await search({ value: 56941, filters: { publication_year: { from: 2024 } } })).figures).toEqual(
      [],
    );

    // A newer reading replaces the figures the index holds for that source.
    const again = await store.publishRepresentation(
      mine.sourceVersionId,
      'test-2',
      extraction([page(1, { ...CHECKS, rows: [['Texas', '56,942', '51,670']] })]),
    );
    const after = await search({ value: 56941, tolerance: { absolute: 1 } });
    expect(after.figures.map((f) => [f.representation_id, f.figure.raw])).toEqual([[again, '56,942']]);

    expect(await store.removeSourceVersion(account, mine.sourceVersionId)).toBe(true);
    expect((await search({ value: 56942 })).figures).toEqual([]);
    expect((await search({ value: 56941 }, other)).figures).toHaveLength(1);
  });

  it('refuses a bad request with invalid_request naming the field', async () => {
    const refusal = async (body: unknown) => {
      try {
        await searchFigures(store, account, body);
      } catch (error) {
        return serviceErrorOf(error);
      }
      throw new Error('expected a refusal');
    };
    for (const [body, path] of [
      [{ value: '4.7' }, 'value'],
      [{ value: 4.7, limit: 0 }, 'limit'],
      [{ value: 4.7, scale: 'lakh' }, 'scale'],
      [{ value: 4.7, tolerance: { written: '4.8%' } }, 'tolerance.written'],
      [{ value: 4.7, extra: true }, ''],
    ] as const) {
      const error = await refusal(body);
      expect(error.code).toBe('invalid_request');
      expect(error.status).toBe(400);
      if (path !== '') expect(error.details?.map((d) => d.path)).toContain(path);
    }
  });
});

describe('migration 5', () => {
  it('indexes the figures of representations published before it, the newest of each source only', async () => {
    store.close();
    const file = `${dir}/old.db`;
    const old = openDatabase(file, MIGRATIONS.slice(0, 4));
    old.exec(`
      INSERT INTO accounts VALUES ('acct_a', 'then');
      INSERT INTO assets (id, account_id, sha256, byte_length, filename, media_type, created_at)
        VALUES ('ast_1', 'acct_a', '${'a'.repeat(64)}', 5, 'a.pdf', 'application/pdf', 'then');
      INSERT INTO source_versions (id, account_id, asset_id, sha256, byte_length, filename, media_type, registered_at)
        VALUES ('src_1', 'acct_a', 'ast_1', '${'a'.repeat(64)}', 5, 'a.pdf', 'application/pdf', 'then');
      INSERT INTO representations (id, source_version_id, extractor_version, format, state, extraction_method, created_at)
        VALUES ('rep_old', 'src_1', 'v1', 'pdf', 'complete', 'text_layer', '2024-01-01'),
               ('rep_new', 'src_1', 'v2', 'pdf', 'complete', 'text_layer', '2024-02-01');
      INSERT INTO units (id, representation_id, unit_index, kind, extraction_method, markdown)
        VALUES ('unit_old', 'rep_old', 1, 'page', 'text_layer', '$1.2bn'),
               ('unit_new', 'rep_new', 1, 'page', 'text_layer', '$1.2bn or 1,5');
      INSERT INTO figures VALUES
        ('unit_old', 0, '$1.2bn', 1200000000, 1.2, 1, 1000000000, 'USD', 'currency', 0, 0, 0, 6, '{"kind":"text"}'),
        ('unit_new', 0, '$1.2bn', 1200000000, 1.2, 1, 1000000000, 'USD', 'currency', 0, 0, 0, 6, '{"kind":"text"}'),
        ('unit_new', 1, '1,5', 1.5, 1.5, 1, 1, NULL, 'none', 0, 1, 10, 13, '{"kind":"text"}');`);
    old.close();
    const db = openDatabase(file);
    expect(db.prepare('SELECT * FROM figure_values').all()).toEqual([
      {
        account_id: 'acct_a',
        value: 1.2e9,
        unit_class: 'currency',
        unit: 'USD',
        source_version_id: 'src_1',
        representation_id: 'rep_new',
        unit_id: 'unit_new',
        figure_index: 0,
      },
    ]);
    // Nothing it read from was changed.
    expect(db.prepare('SELECT count(*) AS n FROM figures').get()).toEqual({ n: 3 });
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT * FROM figure_values WHERE account_id = 'a' AND value BETWEEN 1 AND 2",
      )
      .all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join('\n')).toContain(
      'PRIMARY KEY (account_id=? AND value>? AND value<?)',
    );
    db.close();
    store = await Store.open(dir);
  });
});
