import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { FoundFigure } from '../../shared/figures';

// The figures script as a person runs it: a child process reading stdin (the finder's own rules are
// tested in tests/shared/figures/).

const root = new URL('../../', import.meta.url).pathname;

describe('npm run figures (scripts/figures.ts)', () => {
  it('prints one JSON array per input line', () => {
    const result = spawnSync('npx', ['tsx', 'scripts/figures.ts'], {
      cwd: root,
      input: 'Revenue rose 12% to $4.2bn\nno figures on 12 March 2024\n',
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((line) => JSON.parse(line) as FoundFigure[]);
    expect(first?.map((f) => [f.raw, f.value, f.unit])).toEqual([
      ['12%', 12, '%'],
      ['$4.2bn', 4.2e9, 'USD'],
    ]);
    expect(second).toEqual([]);
  });
});
