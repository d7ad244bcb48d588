import { writeFileSync } from 'node:fs';

// Loaded with --import by `npm run bench -- startup` into each command it times: at exit, the process's
// peak resident memory (KB, every thread counted) goes to the file EW_STARTUP_PROBE names.
const file = process.env['EW_STARTUP_PROBE'];
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
