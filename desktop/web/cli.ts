import { runWebHostCli } from './serve';

// `npm run web -- [--port N] [--data DIR]`: the workbench on a loopback URL with a per-launch secret.
await runWebHostCli(process.argv.slice(2), 'npm run web');
