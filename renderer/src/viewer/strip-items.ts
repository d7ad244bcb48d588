import type { LostPart, Representation, Unit } from '../../../shared/api';
import type { UnitRead } from '../../../shared/bridge';

/** One entry of the unit strip: a page or sheet, how it was read, or why it was lost. */
export interface StripItem {
  kind: 'page' | 'sheet';
  index: number;
  /** "Page 3", or the sheet's name. */
  label: string;
  unit: Unit | null;
  lost: LostPart | null;
  /** While the document is being read: this page as read so far (shown, not yet citable). */
  early?: UnitRead;
}

/** The strip while the document is read: the pages known so far, with those already read. */
export function readingItems(pageCount: number, read: ReadonlyMap<number, UnitRead>): StripItem[] {
  const items = stripItems(null, Math.max(pageCount, ...read.keys()));
  return items.map((item) => {
    const early = read.get(item.index);
    return early === undefined ? item : { ...item, early };
  });
}

/**
 * Every page or sheet of the document: its units, the parts the read lost, and (for a PDF whose pages
 * are known before it is read, or beyond what was read) the pages up to `pageCount`.
 */
export function stripItems(
  representation: Pick<Representation, 'units' | 'lost'> | null,
  pageCount: number,
): StripItem[] {
  const units = representation?.units ?? [];
  const lost = representation?.lost ?? [];
  const kind: 'page' | 'sheet' =
    units.some((u) => u.kind === 'sheet') || lost.some((p) => p.kind === 'sheet') ? 'sheet' : 'page';
  const unitAt = new Map(units.filter((u) => u.kind === kind).map((u) => [u.index, u]));
  const lostAt = new Map(lost.filter((p) => p.kind === kind).map((p) => [p.index, p]));
  const count = Math.max(kind === 'page' ? pageCount : 0, ...unitAt.keys(), ...lostAt.keys(), 0);
  const items: StripItem[] = [];
  for (let index = 1; index <= count; index++) {
    const unit = unitAt.get(index) ?? null;
    const part = lostAt.get(index) ?? null;
    const sheetName = unit?.sheet?.name ?? part?.sheet;
    const label = kind === 'sheet' ? (sheetName ?? `Sheet ${index}`) : `Page ${index}`;
    items.push({ kind, index, label, unit, lost: part });
  }
  return items;
}
