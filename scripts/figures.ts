import { createInterface } from 'node:readline';
import { findFigures } from '../shared/figures';

/**
 * `npm run --silent figures`: reads lines on stdin and prints, for each, one JSON array of the figures
 * the shared figure finder reads in it (shared/figures/RULES.md).
 */
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) process.stdout.write(`${JSON.stringify(findFigures(line))}\n`);
