import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md is the map of the code as it is: every folder of the rooms, and every folder at the top
// of the repository, is in it, and every folder it names is there.

const root = process.cwd();
const map = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');

/** What version control ignores (.gitignore's folder lines): never part of the map. */
const ignored = new Set(
  readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('/'))
    .map((line) => line.replace(/\/$/, '')),
);

const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !ignored.has(entry.name))
    .map((entry) => (dir === '.' ? entry.name : `${dir}/${entry.name}`));

const ROOMS = ['shared', 'service', 'desktop', 'desktop/main', 'desktop/electron', 'renderer/src'];

describe('ARCHITECTURE.md', () => {
  it('names every folder of the rooms and every folder at the top', () => {
    const missing = [...folders('.'), ...ROOMS.flatMap(folders)].filter((f) => !map.includes(`${f}/`));
    expect(missing, 'folders to add to ARCHITECTURE.md').toEqual([]);
  });

  it('names no folder that is not there', () => {
    const named = [
      ...map.matchAll(
        /`((?:shared|service|desktop\/main|desktop\/electron|desktop|renderer\/src)\/[\w-]+)\/`/g,
      ),
    ].map((m) => m[1]!);
    const present = new Set(ROOMS.flatMap(folders));
    expect(
      [...new Set(named)].filter(
        (f) => !present.has(f) && !f.includes('/readers') && !f.includes('/postgres'),
      ),
      'folders ARCHITECTURE.md names that are gone',
    ).toEqual([]);
  });
});
