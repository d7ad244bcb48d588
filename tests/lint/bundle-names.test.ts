import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The desktop app's main-process bundle (electron-vite) declares `require`, `__dirname` and `__filename`
// at the top of every chunk it emits as ESM. A module of the main process or the service that declares one
// of those names itself makes its chunk fail to load ("Identifier 'require' has already been declared"):
// in the built app, PDFs could not be read.

const SHIMMED = /^\s*(?:export\s+)?(?:const|let|var)\s+(require|__dirname|__filename)\b/m;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(?:ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

describe('names the main-process bundle declares itself', () => {
  it('are declared by no module it bundles', () => {
    const clashes = ['service', 'desktop', 'shared']
      .flatMap(sources)
      .filter((file) => SHIMMED.test(readFileSync(file, 'utf8')));
    expect(clashes).toEqual([]);
  });
});
