import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { updateConfigReference } from '../config-reference';

/** `npm run docs:config`: regenerates docs/operations.md's configuration reference from the schema. */
const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/operations.md');
const changed = updateConfigReference(file);
process.stdout.write(changed ? 'docs/operations.md: configuration reference updated\n' : 'up to date\n');
