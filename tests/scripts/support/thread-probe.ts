import { writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';

// Loaded with `--import` ahead of a program run as a child process: records the entry of every worker
// thread the program starts and writes them, as a JSON array, to the file EW_THREAD_PROBE names when the
// process exits. It replaces the module's Worker before the program's own imports bind to it, so no
// thread can be started unseen.

const file = process.env['EW_THREAD_PROBE'];
if (file === undefined || file === '') throw new Error('thread-probe: set EW_THREAD_PROBE to a file path');

const Original = workerThreads.Worker;
const entries: string[] = [];
class RecordedWorker extends Original {
  constructor(...args: ConstructorParameters<typeof Original>) {
    super(...args);
    entries.push(String(args[0]));
  }
}
// A thread started with the program's own flags loads this file too: only the main thread records.
if (workerThreads.isMainThread) {
  Object.defineProperty(workerThreads, 'Worker', {
    value: RecordedWorker,
    writable: true,
    configurable: true,
  });
  syncBuiltinESMExports();
  process.on('exit', () => writeFileSync(file, JSON.stringify(entries)));
}
