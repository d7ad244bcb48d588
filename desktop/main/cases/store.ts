import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomically } from '../files/write-atomically';
import { Case, CaseId } from '../../../shared/bridge/cases';

// The fact-checker's cases: one JSON file per case in the data folder's `cases/`, validated on every read
// and written atomically (temp file, fsync, rename), so a crash leaves the old case or the new one, never
// half of either. A file that fails validation is reported, never overwritten or deleted silently. A file
// written by an older version is upgraded as it is read (`upgradeStoredCase`), and only rewritten, in the
// new form, when the case is next changed.

export class CaseUnreadableError extends Error {
  constructor(readonly id: string) {
    super(`The case ${id} could not be read; its file was left as it is.`);
    this.name = 'CaseUnreadableError';
  }
}

export interface CaseStore {
  list(): Case[];
  /** The case, null when there is none with that id. */
  get(id: string): Case | null;
  put(value: Case): Case;
  delete(id: string): boolean;
  newId(): string;
}

/**
 * A stored case as this version keeps it: judgments stored before authors were kept get `author: null`,
 * so everything read says outright that their author is unknown. Everything else is left as it is (and
 * then validated).
 */
export function upgradeStoredCase(stored: unknown): unknown {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return stored;
  const withAuthors = (judgments: unknown): unknown =>
    Array.isArray(judgments)
      ? judgments.map((j: unknown) =>
          j !== null && typeof j === 'object' && !Array.isArray(j) && !('author' in j)
            ? { ...j, author: null }
            : j,
        )
      : judgments;
  const value = stored as Record<string, unknown>;
  return {
    ...value,
    ...('judgments' in value ? { judgments: withAuthors(value['judgments']) } : {}),
    ...(Array.isArray(value['kept'])
      ? {
          kept: value['kept'].map((k: unknown) =>
            k !== null && typeof k === 'object' && !Array.isArray(k) && 'judgments' in k
              ? { ...k, judgments: withAuthors((k as Record<string, unknown>)['judgments']) }
              : k,
          ),
        }
      : {}),
  };
}

export function createCaseStore(dataDir: string): CaseStore {
  const dir = join(dataDir, 'cases');
  const file = (id: string) => {
    // The id is checked before it becomes a path: no separators, no dots.
    CaseId.parse(id);
    return join(dir, `${id}.json`);
  };
  const read = (id: string): Case | null => {
    const path = file(id);
    if (!existsSync(path)) return null;
    try {
      return Case.parse(upgradeStoredCase(JSON.parse(readFileSync(path, 'utf8'))));
    } catch {
      throw new CaseUnreadableError(id);
    }
  };
  return {
    list() {
      if (!existsSync(dir)) return [];
      const cases: Case[] = [];
      for (const name of readdirSync(dir)) {
        const match = /^(case_[a-z0-9]+)\.json$/.exec(name);
        if (!match) continue;
        try {
          const value = read(match[1]!);
          if (value) cases.push(value);
        } catch {
          // An unreadable case stays on disk as it is; the others are still listed.
        }
      }
      return cases.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
    },
    get: read,
    put(value) {
      const checked = Case.parse(value);
      mkdirSync(dir, { recursive: true });
      writeAtomically(file(checked.id), `${JSON.stringify(checked, null, 2)}\n`);
      return checked;
    },
    delete(id) {
      const path = file(id);
      if (!existsSync(path)) return false;
      rmSync(path);
      return true;
    },
    newId: () => `case_${randomBytes(10).toString('hex')}`,
  };
}
