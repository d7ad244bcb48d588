import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints a snippet as if it lived at `filePath`, with the project's own config. */
async function lintAs(filePath: string, code: string) {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
}

const forbidden: [string, string][] = [
  ['shared/api/x.ts', "import { readFileSync } from 'node:fs';"],
  ['shared/api/x.ts', "import { join } from 'path';"],
  ['shared/api/x.ts', "import { DatabaseSync } from 'node:sqlite';"],
  ['shared/figures/x.ts', "import { app } from 'electron';"],
  ['shared/api/x.ts', "import { Store } from '../../service/store/store';"],
  ['renderer/src/x.ts', "import { createHash } from 'node:crypto';"],
  ['renderer/src/x.ts', "import { ipcRenderer } from 'electron';"],
  ['renderer/src/x.tsx', "import { Store } from '../../service/store/store';"],
  ['renderer/src/x.tsx', "import type { Store } from '../../service/store/store';"],
  ['renderer/src/x.ts', "import { createRouter } from '../../electron/bridge/router';"],
  ['service/http/x.ts', "import { BrowserWindow } from 'electron';"],
  ['service/x.ts', "import { startWebHost } from '../electron/web/server';"],
];

const allowed: [string, string][] = [
  ['shared/api/x.ts', "import { z } from 'zod';"],
  ['renderer/src/x.ts', "import { ErrorBody } from '../../shared/api';"],
  ['service/store/x.ts', "import { DatabaseSync } from 'node:sqlite';"],
  ['service/http/x.ts', "import { ErrorBody } from '../../shared/api';"],
  ['electron/main/x.ts', "import { app } from 'electron';"],
  ['electron/main/x.ts', "import { Store } from '../../service/store/store';"],
];

describe('lint keeps the rooms apart', () => {
  for (const [file, code] of forbidden) {
    it(`refuses in ${file}: ${code}`, async () => {
      const messages = await lintAs(file, code + '\nexport {};\n');
      expect(messages.length).toBeGreaterThan(0);
      expect(messages[0]?.severity).toBe(2);
    });
  }
  for (const [file, code] of allowed) {
    it(`allows in ${file}: ${code}`, async () => {
      expect(await lintAs(file, code + '\nexport {};\n')).toEqual([]);
    });
  }
});
