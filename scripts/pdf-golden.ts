import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extract } from '../service/extract/extract';

/**
 * `npx tsx scripts/pdf-golden.ts snapshot FILE [DIR]` records, for every PDF in `../shared/corpus/pdf` (or
 * DIR), the state, code, lost pages and each text-layer page's figures with their boxes (OCR off: the text
 * layer only). `npx tsx scripts/pdf-golden.ts compare FILE [DIR]` reads them again and lists every page
 * whose figures differ from the snapshot, and every box of the same figure that moved by more than 1 pt.
 * Says so and exits 0 when the corpus is absent.
 */

interface Page {
  method: string;
  figures: { raw: string; start: number; box: [number, number, number, number] | null }[];
}
interface Golden {
  state: string;
  code: string | null;
  lost: string[];
  pages: Record<string, Page>;
}

async function read(dir: string): Promise<Record<string, Golden>> {
  const out: Record<string, Golden> = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()) {
    const e = await extract(
      new Uint8Array(readFileSync(join(dir, file))),
      { filename: file },
      { ocr: 'off' },
    );
    const pages: Record<string, Page> = {};
    for (const unit of e.units)
      pages[unit.index] = {
        method: unit.extraction_method,
        figures: unit.figures.map((f) => ({
          raw: f.raw,
          start: 'span' in f && f.span ? f.span.start : -1,
          box:
            f.position.kind === 'box'
              ? [f.position.x, f.position.y, f.position.width, f.position.height]
              : null,
        })),
      };
    out[file] = {
      state: e.state,
      code: e.code,
      lost: (e.lost ?? []).map((p) => `${p.index}:${p.code ?? p.state}`),
      pages,
    };
    console.error(`${file}: ${e.state} ${e.code ?? ''} ${e.units.length} units`);
  }
  return out;
}

const [mode, file, dirArg] = process.argv.slice(2);
const dir = resolve(dirArg ?? join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'pdf'));
if (!existsSync(dir)) {
  console.log(`skipped: no corpus at ${dir}`);
  process.exit(0);
}
if ((mode !== 'snapshot' && mode !== 'compare') || !file) {
  console.error('usage: pdf-golden.ts snapshot|compare FILE [DIR]');
  process.exit(2);
}
const now = await read(dir);
if (mode === 'snapshot') {
  writeFileSync(file, JSON.stringify(now));
  console.log(`snapshot of ${Object.keys(now).length} files written to ${file}`);
  process.exit(0);
}
const before = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Golden>;
let differences = 0;
let same = 0;
let moved = 0;
const say = (line: string) => {
  differences++;
  console.log(line);
};
for (const [name, old] of Object.entries(before)) {
  const cur = now[name];
  if (!cur) {
    say(`${name}: missing now`);
    continue;
  }
  if (old.state !== cur.state || old.code !== cur.code)
    say(`${name}: state ${old.state}/${old.code} → ${cur.state}/${cur.code}`);
  if (old.lost.join(',') !== cur.lost.join(','))
    say(`${name}: lost ${old.lost.join(',')} → ${cur.lost.join(',')}`);
  const indexes = new Set([...Object.keys(old.pages), ...Object.keys(cur.pages)]);
  for (const index of indexes) {
    const a = old.pages[index];
    const b = cur.pages[index];
    if (!a || !b) {
      say(`${name} p${index}: ${a ? 'read before, not now' : 'read now, not before'}`);
      continue;
    }
    if (a.method !== 'text_layer') continue;
    const key = (f: Page['figures'][number]) => f.raw;
    const left = a.figures.map(key).sort();
    const right = b.figures.map(key).sort();
    if (left.join('\u0000') !== right.join('\u0000')) {
      const gone = left.filter((r) => !right.includes(r));
      const added = right.filter((r) => !left.includes(r));
      say(
        `${name} p${index}: figures differ; only before: [${gone.join(' | ')}]; only now: [${added.join(' | ')}]`,
      );
    }
    // Boxes of the same figure, matched in order of appearance of the same raw text.
    const pool = new Map<string, Page['figures']>();
    for (const f of b.figures) pool.set(f.raw, [...(pool.get(f.raw) ?? []), f]);
    for (const f of a.figures) {
      const g = pool.get(f.raw)?.shift();
      if (!g || !f.box || !g.box) continue;
      const delta = Math.max(...f.box.map((v, i) => Math.abs(v - (g.box?.[i] ?? v))));
      if (delta > 1) {
        moved++;
        console.log(
          `${name} p${index}: "${f.raw}" box moved ${delta.toFixed(1)} pt: [${f.box.map((v) => v.toFixed(1)).join(',')}] → [${g.box.map((v) => v.toFixed(1)).join(',')}]`,
        );
      } else same++;
    }
  }
}
console.log(
  `\n${differences} differences in figures, states, codes or lost pages; boxes: ${same} within 1 pt, ${moved} moved more`,
);
