import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { updateConfigReference, updateEnvExample } from '../config-reference';

/**
 * `npm run docs:config`: regenerates docs/operations.md's configuration reference and .env.example
 * from the schema.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
for (const [name, changed] of [
  ['docs/operations.md', updateConfigReference(path.join(root, 'docs/operations.md'))],
  ['.env.example', updateEnvExample(path.join(root, '.env.example'))],
] as const)
  process.stdout.write(`${name}: ${changed ? 'regenerated from the schema' : 'up to date'}\n`);
