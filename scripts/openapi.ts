import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiJson } from '../shared/api/openapi';

/**
 * `npm run openapi`: writes shared/api/openapi.json from the zod schemas of shared/api.
 * `npm run openapi -- --check`: writes nothing; exits 1 when the committed file is stale.
 */
const target = fileURLToPath(new URL('../shared/api/openapi.json', import.meta.url));
const fresh = openApiJson();

if (process.argv.includes('--check')) {
  let current: string | null;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = null;
  }
  if (current !== fresh) {
    process.stderr.write(`${target} is stale: run \`npm run openapi\`\n`);
    process.exit(1);
  }
  process.stdout.write(`${target} is current\n`);
} else {
  writeFileSync(target, fresh);
  process.stdout.write(`wrote ${target}\n`);
}
