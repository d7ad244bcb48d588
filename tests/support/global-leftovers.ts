import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

// Global setup of every Vitest run: every process a test starts must end with it. The run marks its
// environment; each process started under it (test workers, what tests spawn, and what those spawn,
// even once orphaned) inherits the mark. When the run ends, any marked process still alive after a grace
// period is listed, killed, and fails the run. Vitest's own workers and watchdog are not tests' doing;
// the run's PostgreSQL server (global-postgres.ts) is started without the mark and stopped after this.

export const RUN_MARK_ENV = 'EW_TEST_RUN';

/** How long a process may take to end after its test did (a killed child, a worker winding down). */
const GRACE_MS = 15_000;

export default function setup(): () => Promise<void> {
  const mark = `${process.pid}-${randomUUID()}`;
  process.env[RUN_MARK_ENV] = mark;
  return async () => {
    let left = marked(mark);
    for (const deadline = Date.now() + GRACE_MS; left.length > 0 && Date.now() < deadline;) {
      await sleep(250);
      left = marked(mark);
    }
    if (left.length === 0) return;
    for (const { pid } of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone meanwhile */
      }
    }
    throw new Error(
      `tests left ${left.length} process(es) running (now killed); the test that starts a process must end it:\n` +
        left.map(({ pid, command }) => `  ${pid} ${command}`).join('\n'),
    );
  };
}

interface Leftover {
  pid: number;
  command: string;
}

/** Live processes other than this one and Vitest's own whose environment carries `mark` (Linux only). */
export function marked(mark: string): Leftover[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return []; // no /proc: not Linux, nothing to check with
  }
  const needle = `\0${RUN_MARK_ENV}=${mark}\0`;
  const found: Leftover[] = [];
  for (const name of pids) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      if (!`\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(needle)) continue;
      // A zombie has ended; only its parent's reaping is left.
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim();
      if (vitestOwn(command)) continue;
      found.push({ pid, command });
    } catch {
      /* ended while being read, or not ours to read */
    }
  }
  return found;
}

function vitestOwn(command: string): boolean {
  return command === 'vitest-watchdog' || /[\\/]vitest[\\/]dist[\\/]workers[\\/]/.test(command);
}
