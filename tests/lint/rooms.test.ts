import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOM_RULES = new Set(['no-restricted-imports', 'rooms/no-dynamic-crossing', 'no-restricted-globals']);

/** Lints a snippet as if it lived at `filePath`, with the project's own config. */
async function lintAs(filePath: string, code: string) {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => ROOM_RULES.has(m.ruleId ?? ''));
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
  ['renderer/src/x.ts', "import { createRouter } from '../../desktop/main/bridge/router';"],
  ['service/http/x.ts', "import { BrowserWindow } from 'electron';"],
  ['service/x.ts', "import { startWebHost } from '../desktop/web/server';"],
  // Nothing imports the renderer.
  ['shared/bridge/x.ts', "import { App } from '../../renderer/src/App';"],
  ['service/http/x.ts', "import type { Bridge } from '../../renderer/src/bridge';"],
  ['desktop/main/handlers/x.ts', "import { App } from '../../../renderer/src/App';"],
  // Dynamic imports and require() cross rooms as surely as static ones.
  ['shared/api/x.ts', "export const fs = await import('node:fs');"],
  ['shared/api/x.ts', 'export const fs = await import(`fs/promises`);'],
  ['renderer/src/x.ts', "export const e = await import('electron');"],
  ['renderer/src/x.ts', "export const s = await import('../../service/store/store');"],
  ['service/x.ts', "export const e = await import('electron');"],
  ['shared/api/x.ts', "export const fs = require('fs');"],
  ['shared/api/x.ts', 'const name = "node:fs"; export const m = await import(name);'],
  // Electron itself only in desktop/electron: the rest also runs in the web host.
  ['desktop/main/handlers/x.ts', "import { dialog } from 'electron';"],
  ['desktop/main/client/x.ts', "import { net } from 'electron';"],
  ['desktop/web/x.ts', "import type { WebContents } from 'electron';"],
  ['desktop/launch.ts', "import { app } from 'electron';"],
  ['desktop/main/settings/x.ts', "export const e = await import('electron');"],
  // What both hosts run imports neither host.
  ['desktop/main/handlers/x.ts', "import { startWebHost } from '../../web/server';"],
  ['desktop/main/report/x.ts', "export const m = await import('../../electron/print-pdf');"],
  // The remote client depends on shared/ only.
  ['desktop/main/client/remote.ts', "import { clientErrorOf } from './embedded';"],
  ['desktop/main/client/remote.ts', "import type { Store } from '../../../service/store/store';"],
  ['desktop/main/client/types.ts', "export const m = await import('../../../service/operations/errors');"],
  // Node globals in shared/ (it runs in the renderer too).
  ['shared/api/x.ts', "export const bytes = Buffer.from('x');"],
  ['shared/figures/x.ts', 'export const env = process.env.HOME;'],
  ['shared/bridge/x.ts', "export const later = setImmediate(() => 'x');"],
];

const allowed: [string, string][] = [
  ['shared/api/x.ts', "import { z } from 'zod';"],
  ['renderer/src/x.ts', "import { ErrorBody } from '../../shared/api';"],
  ['service/store/x.ts', "import { DatabaseSync } from 'node:sqlite';"],
  ['service/http/x.ts', "import { ErrorBody } from '../../shared/api';"],
  ['desktop/electron/x.ts', "import { app } from 'electron';"],
  ['desktop/electron/x.ts', "import { createMainServices } from '../main/handlers/services';"],
  ['desktop/electron/preload/x.ts', "import { contextBridge } from 'electron';"],
  ['desktop/web/x.ts', "import { createMainServices } from '../main/handlers/services';"],
  ['desktop/main/handlers/x.ts', "import { readFile } from 'node:fs/promises';"],
  ['desktop/main/client/remote.ts', "import { operations } from '../../../shared/api';"],
  ['desktop/main/client/embedded.ts', "import { Store } from '../../../service/store/store';"],
  ['service/extract/x.ts', "export const pdf = await import('pdfjs-dist/legacy/build/pdf.mjs');"],
  ['renderer/src/x.ts', "export const page = await import('./page');"],
  ['shared/api/x.ts', "export const bytes = new TextEncoder().encode('x');"],
  ['shared/api/x.ts', 'export function f(process: number) { return process + 1; }'],
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
