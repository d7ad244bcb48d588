import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NumericResponse, PageTable } from '../../../shared/api';
import { findFigures, type FindOptions } from '../../../shared/figures';
import {
  candidatesFor,
  checkCandidate,
  figureCandidates,
  libraryOf,
  type Candidate,
  type CandidateLibrary,
} from '../../../service/claims/candidates';
import { ContextFit, readContext } from '../../../service/claims/context';
import { listClaims, type ListedClaim } from '../../../service/claims/detect';
import type { Extraction } from '../../../service/extract/extract';
import { createLocalService, type LocalService } from '../../../service/operations/service';
import { Store } from '../../../service/store/store';
import { tempDir } from '../helpers';
import { newAsset } from '../store/engines';

// Candidates for a claim over a real in-process library (the embedded service on SQLite, documents
// published as pages with tables): the figure a level states, the pair a difference, change or share is
// computed from, never a figure with the same digits in another unit or scale, in an order that never
// depends on the order the library answered in; and the check of a candidate is the numeric check's own.

type Row = readonly string[];
type ExtractedUnit = Extraction['units'][number];

interface TableSpec {
  title: string;
  header: Row;
  rows: Row[];
  note?: FindOptions;
  text?: string;
}

/** A page holding `text`, then a table read as cells, its figures placed in them. */
function page(spec: TableSpec): ExtractedUnit {
  let markdown = spec.text ? `${spec.text}\n\n` : '';
  const figures: ExtractedUnit['figures'] = [];
  if (spec.text)
    for (const f of findFigures(spec.text)) {
      const { start, end, ...rest } = f;
      figures.push({ ...rest, index: figures.length, span: { start, end }, position: { kind: 'text' } });
    }
  markdown += `${spec.title}\n\n`;
  const cells: PageTable['cells'] = [];
  const grid = [spec.header, ...spec.rows];
  grid.forEach((row, r) => {
    const line: string[] = [];
    row.forEach((text, c) => {
      const box = { x: 50 + 100 * c, y: 100 + 20 * r, width: 60, height: 12 };
      cells.push({ row: r, col: c, rowSpan: 1, colSpan: 1, text, box, header: r === 0 || c === 0 });
      const at = markdown.length + line.join(' | ').length + (line.length > 0 ? 3 : 0);
      if (r > 0 && c > 0)
        for (const f of findFigures(text, { ...spec.note, cell: true })) {
          const { start, end, ...rest } = f;
          figures.push({
            ...rest,
            index: figures.length,
            span: { start: at + start, end: at + end },
            position: { kind: 'box', ...box, cell: { table: 0, row: r, col: c } },
          });
        }
      line.push(text);
    });
    markdown += `${line.join(' | ')}\n`;
  });
  const table: PageTable = {
    index: 0,
    box: { x: 40, y: 90, width: 400, height: 20 * grid.length },
    rows: grid.length,
    cols: spec.header.length,
    headerRows: 1,
    labelCols: 1,
    title: spec.title,
    notes: [],
    cells,
    unsure: false,
  };
  return {
    kind: 'page',
    index: 1,
    extraction_method: 'text_layer',
    markdown,
    figures,
    page: { width: 612, height: 792, tables: [table] },
  } as ExtractedUnit;
}

let dir: string;
let store: Store;
let service: LocalService;
let account: string;
let library: CandidateLibrary;
let n = 0;

async function publish(spec: TableSpec, sha256 = (++n).toString(16).padStart(64, '0')): Promise<string> {
  const { sourceVersion } = await store.insertAsset(
    { ...newAsset(sha256, account), title: spec.title },
    true,
  );
  const unit = page(spec);
  await store.publishRepresentation(sourceVersion!.id, 'test', {
    format: 'pdf',
    state: 'complete',
    code: null,
    reason: null,
    extraction_method: 'text_layer',
    units: [unit],
    markdown: unit.markdown,
  });
  return sourceVersion!.id;
}

beforeEach(async () => {
  dir = await tempDir();
  store = await Store.open(dir);
  service = createLocalService(store, { ocr: 'off' });
  account = await store.createAccount();
  library = libraryOf(service.forAccount(account));
});
afterEach(async () => {
  await service.close();
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const CHECKS: TableSpec = {
  title: 'NICS firearm checks by state, 2023',
  header: ['State', 'Handgun', 'Long gun'],
  rows: [
    ['Ohio', '56,500', '40,210'],
    ['Texas', '56,941', '51,670'],
    ['Utah', '12,004', '9,870'],
    ['Total', '125,445', '101,750'],
  ],
};

const REVENUE: TableSpec = {
  title: 'Results ($ million)',
  header: ['Item', '2018', '2019'],
  rows: [
    ['Revenue', '1,000', '1,120'],
    ['Operating costs', '500', '540'],
    ['Net income', '210', '240'],
  ],
  note: { scale: 1e6, unit: 'USD' },
};

function claimOf(text: string): ListedClaim {
  const claims = listClaims(text);
  expect(claims).toHaveLength(1);
  return claims[0]!;
}

/** Each candidate as its figures' raw numbers and roles, best first. */
const shown = (cs: readonly Candidate[]) =>
  cs.map((c) => c.figures.map((f) => `${f.raw}${f.role === 'value' ? '' : ` ${f.role}`}`).join(' / '));

/** A table whose words a bare "Total" claim shares more closely than any other's: the words' first find. */
const TOTALS: TableSpec = {
  title: 'Total Total 2018 2019',
  header: ['Item', '2018', '2019'],
  rows: [
    ['Total', '10', '11'],
    ['Total other', '20', '21'],
  ],
};

describe('candidatesFor', () => {
  it('finds the cell a level states, hedged, never the same digits as money or in thousands', async () => {
    const checks = await publish(CHECKS);
    await publish({
      title: 'Audit costs',
      header: ['Item', 'Cost'],
      rows: [['Texas handgun audit', '$56,941']],
    });
    await publish({
      title: 'Handgun checks (thousands)',
      header: ['State', 'Handgun'],
      rows: [['Texas', '56,941']],
      note: { scale: 1e3 },
    });
    const claim = claimOf('Texas ran almost 57,000 handgun checks.');
    const found = await candidatesFor(claim, library);
    expect(found[0]).toMatchObject({
      rank: 1,
      relation: 'level',
      engine: 'equals',
      roles: 'not_needed',
      computed: 56941,
      figures: [{ raw: '56,941', rowLabels: ['Texas'], columnHeaders: ['Handgun'], role: 'value' }],
    });
    expect(found[0]!.figures[0]!.ref.source_version_id).toBe(checks);
    // The same digits as money, or counted in thousands, may follow; never first.
    expect(found.findIndex((c) => c.figures[0]!.raw === '$56,941')).not.toBe(0);
    expect(found.findIndex((c) => c.figures[0]!.value === 56941000)).not.toBe(0);
  });

  it('finds a bare number in the table whose note gives its scale', async () => {
    await publish(REVENUE);
    const found = await candidatesFor(claimOf('Revenue was 1,120 in 2019.'), library);
    expect(found[0]).toMatchObject({
      figures: [{ raw: '1,120', value: 1.12e9, rowLabels: ['Revenue'], columnHeaders: ['2019'] }],
      matched: { periods: ['2019'] },
    });
  });

  it('finds a size the table prints negative, and each number of a list in its own period', async () => {
    await publish({
      title: 'Cash flows (in thousands)',
      header: ['Item', '2018', '2019'],
      rows: [
        ['Cash used in investing activities', '(33,688)', '(44,154)'],
        ['Cash provided by financing activities', '44,154', '10,442'],
      ],
      note: { scale: 1e3 },
    });
    const [used] = await candidatesFor(
      claimOf('Cash used in investing activities was $44.2 million in 2019.'),
      library,
    );
    expect(used!.figures[0]).toMatchObject({
      raw: '(44,154)',
      rowLabels: ['Cash used in investing activities'],
    });

    await publish(REVENUE);
    const claim = claimOf('Revenue was $1,000 million and $1,120 million in 2018 and 2019, respectively.');
    const [, later] = claim.numbers;
    const [top] = await candidatesFor(claim, library, { number: later! });
    expect(top!.figures[0]).toMatchObject({ raw: '1,120', period: '2019' });
  });

  it('finds a fall the table prints negative before a rise of the same size', async () => {
    await publish({
      title: 'Net sales by segment ($ in millions)',
      header: ['Segment', 'Fiscal 2019', 'Fiscal 2018', '% Inc (Dec)'],
      rows: [['International', '793.4', '843.5', '(6)%']],
      note: { scale: 1e6, unit: 'USD' },
    });
    // The same words and a rise of 6%: the claim's "decrease" is what tells the two apart.
    await publish({
      title: 'Net sales by segment ($ in millions)',
      header: ['Segment', 'Fiscal 2019', 'Fiscal 2018', '% Inc (Dec)'],
      rows: [['International', '843.5', '795.7', '6%']],
      note: { scale: 1e6, unit: 'USD' },
    });
    const claim = claimOf('International net sales were $793.4 million, a decrease of $50.1 million, or 6%.');
    const six = claim.numbers.find((n) => n.raw === '6%')!;
    // The claim states a change; the figure its 6% restates is found as a level of that number.
    const [top] = await figureCandidates(claim, library, { number: six });
    expect(top!.figures[0]).toMatchObject({ raw: '(6)%', rowLabels: ['International'] });
  });

  it('finds the two cells of one row a difference is computed from, subject first', async () => {
    await publish(CHECKS);
    const found = await candidatesFor(
      claimOf('Texas ran 5,271 more handgun checks than long gun checks.'),
      library,
    );
    expect(found[0]).toMatchObject({
      relation: 'difference',
      engine: 'difference',
      roles: 'bound',
      computed: 5271,
    });
    expect(shown(found)[0]).toBe('56,941 subject / 51,670 reference');
  });

  it('finds a change over two periods of one line item, from the earlier to the later', async () => {
    await publish(REVENUE);
    // Another table whose line item rose 12% too, under labels the claim does not name.
    await publish({
      title: 'Staff',
      header: ['Item', '2018', '2019'],
      rows: [['Headcount', '250', '280']],
    });
    const found = await candidatesFor(claimOf('Revenue rose 12% from 2018 to 2019.'), library);
    expect(found[0]).toMatchObject({ relation: 'change', engine: 'change_percent', computed: 12 });
    expect(shown(found)[0]).toBe('1,000 from / 1,120 to');
    expect(found[0]!.figures.map((f) => f.period)).toEqual(['2018', '2019']);
    expect(found[0]!.matched.words).toContain('revenue');
    // Costs and net income did not rise 12%; headcount did, but is not what the claim names.
    expect(shown(found)).not.toContain('500 from / 540 to');
    expect(shown(found).indexOf('250 from / 280 to')).not.toBe(0);
  });

  it('finds a share of a total row, part first', async () => {
    await publish(CHECKS);
    const found = await candidatesFor(claimOf('Texas accounted for 45.4% of all handgun checks.'), library);
    expect(found[0]).toMatchObject({ relation: 'share', engine: 'share' });
    expect(shown(found)[0]).toBe('56,941 part / 125,445 whole');
  });

  it('ranks the same candidates whatever order the library answers in', async () => {
    await publish(CHECKS);
    await publish(REVENUE);
    await publish({ ...CHECKS, title: 'NICS firearm checks by state, 2022' });
    const reversed: CandidateLibrary = {
      ...library,
      searchFigures: async (r) => {
        const a = await library.searchFigures(r);
        return { ...a, figures: [...a.figures].reverse() };
      },
      search: async (r) => {
        const a = await library.search(r);
        const groups = a.claim_groups?.map((g) => ({ ...g, citations: [...g.citations].reverse() }));
        return { ...a, ...(groups ? { claim_groups: groups } : {}) };
      },
    };
    for (const text of [
      'Texas ran 5,271 more handgun checks than long gun checks.',
      'Texas ran almost 57,000 handgun checks.',
      'Revenue rose 12% from 2018 to 2019.',
    ]) {
      const claim = claimOf(text);
      const straight = await candidatesFor(claim, library);
      const other = await candidatesFor(claim, reversed);
      expect(straight.length).toBeGreaterThan(0);
      expect(other.map((c) => c.figures.map((f) => f.ref))).toEqual(
        straight.map((c) => c.figures.map((f) => f.ref)),
      );
      expect(other.map((c) => c.figures.map((f) => f.role))).toEqual(
        straight.map((c) => c.figures.map((f) => f.role)),
      );
    }
  });

  it('finds no pair when no two figures of a table give the claim’s number', async () => {
    await publish(REVENUE);
    expect(await candidatesFor(claimOf('Revenue rose 31% from 2018 to 2019.'), library)).toEqual([]);
  });
});

/** The article a claim is from, read as a request reads it. */
const contextOf = (article: string) =>
  new ContextFit(readContext(article), (id) => library.representation(id));

describe('candidatesFor with the article as context', () => {
  // Two reports print the same revenue under the same labels; only their other lines tell them apart.
  const OTHER: TableSpec = {
    ...REVENUE,
    rows: [
      ['Revenue', '980', '1,120'],
      ['Operating costs', '610', '655'],
      ['Net income', '95', '130'],
    ],
  };

  it('ranks first the document that backs the article’s other numbers', async () => {
    const own = await publish(REVENUE);
    const other = await publish(OTHER);
    const claim = claimOf('Revenue was $1,120 million in 2019.');
    const first = (article: string) =>
      candidatesFor(claim, library, { context: contextOf(article) }).then(
        (found) => found[0]!.figures[0]!.ref.source_version_id,
      );
    expect(await first('Revenue was $1,120 million in 2019. Operating costs rose to $540 million.')).toBe(
      own,
    );
    expect(await first('Revenue was $1,120 million in 2019. Operating costs rose to $655 million.')).toBe(
      other,
    );
    // The article's words alone say which: net income is on both, the costs' level on one only.
    expect(
      await first('Revenue was $1,120 million in 2019, and net income was $130 million that year.'),
    ).toBe(other);
  });

  it('never counts the claim’s own number as the article’s support', async () => {
    await publish(REVENUE);
    const claim = claimOf('Revenue was $1,120 million in 2019.');
    const fit = contextOf('Revenue was $1,120 million in 2019.');
    const [top] = await candidatesFor(claim, library, { context: fit });
    expect((await fit.of(top!.figures[0]!.ref.representation_id, claim.numbers)).numbers).toBe(0);
    const wider = contextOf('Revenue was $1,120 million in 2019; operating costs were $540 million.');
    expect((await wider.of(top!.figures[0]!.ref.representation_id, claim.numbers)).numbers).toBe(1);
  });

  it('looks for a derived claim’s pair in the tables the article’s words find', async () => {
    // A table whose words the claim shares more closely takes the one table the words may find.
    await publish(TOTALS);
    await publish({
      title: 'Widget shipments by plant',
      header: ['Plant', '2018', '2019'],
      rows: [
        ['Dayton widget plant', '1,200', '1,300'],
        ['Total', '2,000', '1,584'],
      ],
    });
    const claim = claimOf('Total fell by 416 from 2018 to 2019.');
    expect(await candidatesFor(claim, library, { tables: 1 })).toEqual([]);
    const article = 'Widget shipments from the Dayton widget plant rose. The plant shipped more widgets.';
    const found = await candidatesFor(claim, library, { tables: 1, context: contextOf(article) });
    expect(shown(found)[0]).toBe('2,000 from / 1,584 to');
  });
});

describe('candidatesFor without context', () => {
  it('finds a derived claim’s pair in the table that prints its stated number, whatever its words find', async () => {
    await publish(TOTALS);
    await publish({
      title: 'Shipments',
      header: ['Item', '2018', '2019', 'Change'],
      rows: [['Total', '2,000', '1,584', '(416)']],
    });
    const found = await candidatesFor(claimOf('Total fell by 416 from 2018 to 2019.'), library, {
      tables: 1,
    });
    expect(shown(found)[0]).toBe('2,000 from / 1,584 to');
  });

  it('breaks a tie between equal figures by their documents’ bytes, whatever ids the store gave', async () => {
    const low = 'a'.repeat(64);
    const high = 'b'.repeat(64);
    const winners: string[] = [];
    for (const order of [
      [high, low],
      [low, high],
    ]) {
      // A fresh account each time: the same documents, stored under other ids and in the other order.
      account = await store.createAccount();
      library = libraryOf(service.forAccount(account));
      const ids = new Map<string, string>();
      for (const sha of order) ids.set(await publish(CHECKS, sha), sha);
      for (const text of [
        'Texas ran almost 57,000 handgun checks.',
        'Texas ran 5,271 more handgun checks than long gun checks.',
      ]) {
        const found = await candidatesFor(claimOf(text), library);
        expect(found.length).toBeGreaterThan(1);
        expect(found[0]!.score).toBe(found[1]!.score);
        winners.push(ids.get(found[0]!.figures[0]!.ref.source_version_id)!);
      }
    }
    expect(winners).toEqual([low, low, low, low]);
  });
});

describe('checkCandidate', () => {
  it('answers the numeric check’s own response, for the claim’s text and the candidate’s operands', async () => {
    await publish(CHECKS);
    const claim = claimOf('In 2023, Texas ran 5,271 more handgun checks than long gun checks.');
    const [top] = await candidatesFor(claim, library);
    const checked = await checkCandidate(claim, top!, library);
    const direct = await library.verifyNumeric({
      claim: claim.text,
      operands: top!.figures.map((f) => f.ref),
    });
    expect(checked).toEqual(direct);
    expect(checked.outcome).toBe('supported');
    // The operands reversed: the engine binds roles from the words, so the outcome is the same.
    const reversed = await checkCandidate(claim, { figures: [...top!.figures].reverse() }, library);
    expect(reversed.outcome).toBe('supported');
  });

  it('passes the engine’s outcome through unchanged, and a person’s roles to the roles check', async () => {
    const canned = { outcome: 'escalate', reason: 'left to a person' } as NumericResponse;
    const calls: string[] = [];
    const fake = {
      verifyNumeric: async () => {
        calls.push('numeric');
        return canned;
      },
      verifyNumericWithRoles: async () => {
        calls.push('roles');
        return canned;
      },
    };
    const candidate = {
      figures: [
        {
          ref: { source_version_id: 'a', representation_id: 'b', source_unit_id: 'c', figure_index: 0 },
        },
      ],
    } as Candidate;
    expect(await checkCandidate({ text: 'X was 5.' }, candidate, fake)).toBe(canned);
    expect(await checkCandidate({ text: 'X was 5.' }, candidate, fake, ['value'])).toBe(canned);
    expect(calls).toEqual(['numeric', 'roles']);
  });
});

const BY_MONTH: TableSpec = {
  title: 'NICS handgun checks by state',
  header: ['State', 'November 2015', 'October 2015'],
  rows: [
    ['Ohio', '44,300', '41,020'],
    ['Texas', '56,941', '52,310'],
  ],
};

describe('near candidates of a level', () => {
  it('offers the cell a false number misstates, and its check contradicts the claim', async () => {
    await publish(BY_MONTH);
    const claim = claimOf('Texas ran 59,800 handgun checks in November 2015.');
    const found = await candidatesFor(claim, library);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      rank: 1,
      relation: 'level',
      computed: 56941,
      near: { claimed: 59800 },
      figures: [{ raw: '56,941', rowLabels: ['Texas'], columnHeaders: ['November 2015'] }],
    });
    expect(found[0]!.near!.relative).toBeCloseTo(-0.0478, 3);
    const checked = await checkCandidate(claim, found[0]!, library);
    expect(checked.outcome).toBe('contradicted');
  });

  it('never offers a figure of another period, or of a column the claim does not name', async () => {
    await publish(BY_MONTH);
    await publish(CHECKS);
    // The claim names a month the tables do not show: no near figure, so nothing to contradict it.
    const other = await candidatesFor(claimOf('Texas ran 59,800 handgun checks in December 2015.'), library);
    expect(other).toEqual([]);
    // No period named: the handgun cell of the table without periods, never its long gun cell; the
    // check cannot tell the period, so it asks a person.
    const claim = claimOf('Texas ran 59,800 handgun checks.');
    const found = await candidatesFor(claim, library);
    expect(found.map((c) => [c.figures[0]!.raw, c.near !== null])).toContainEqual(['56,941', true]);
    expect(found.map((c) => c.figures[0]!.raw)).not.toContain('51,670');
    for (const c of found) expect((await checkCandidate(claim, c, library)).outcome).toBe('escalate');
  });

  it('ranks a near figure after every exact one', async () => {
    await publish(BY_MONTH);
    await publish({
      title: 'Handgun permits issued',
      header: ['State', 'November 2015'],
      rows: [['Texas', '59,800']],
    });
    const found = await candidatesFor(claimOf('Texas ran 59,800 handgun checks in November 2015.'), library);
    expect(found.map((c) => [c.figures[0]!.raw, c.near !== null])).toEqual([
      ['59,800', false],
      ['56,941', true],
    ]);
    expect(found[1]!.score).toBeLessThan(found[0]!.score);
  });

  it('gives a derived claim no near level candidate', async () => {
    await publish(REVENUE);
    // A false change (12% in the table) has no pair, and never a level figure near its number.
    expect(await candidatesFor(claimOf('Revenue rose 15% from 2018 to 2019.'), library)).toEqual([]);
    const found = await candidatesFor(claimOf('Revenue rose 12% from 2018 to 2019.'), library);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.relation === 'change' && c.near === null)).toBe(true);
  });
});
