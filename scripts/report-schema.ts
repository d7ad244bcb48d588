import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reportBundleSchemaJson } from '../desktop/main/report/json-schema';

/**
 * `npm run report-schema`: writes desktop/main/report/bundle.schema.json from the zod schema of a report bundle.
 * `npm run report-schema -- --check`: writes nothing; exits 1 when the committed file is stale.
 */
const target = fileURLToPath(new URL('../desktop/main/report/bundle.schema.json', import.meta.url));
const fresh = reportBundleSchemaJson();

if (process.argv.includes('--check')) {
  let current: string | null;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = null;
  }
  if (current !== fresh) {
    process.stderr.write(`${target} is stale: run \`npm run report-schema\`\n`);
    process.exit(1);
  }
  process.stdout.write(`${target} is current\n`);
} else {
  writeFileSync(target, fresh);
  process.stdout.write(`wrote ${target}\n`);
}
