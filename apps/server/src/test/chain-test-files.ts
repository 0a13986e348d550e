import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server test files that use the run's shared development chain (test-chain.ts), directly or
 * through a helper that imports it. They run one at a time in their own vitest project: a file counting
 * confirmations reads wrong when another file mines a block at the same time. Every other server file
 * runs in parallel. Found by reading relative imports, so a new chain test is classified without a list.
 */
export function chainTestFiles(serverSrc: string): string[] {
  const files = readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(serverSrc, file));
  const importsOf = new Map<string, string[]>();
  const usesChain = new Set([path.join(serverSrc, 'test', 'test-chain.ts')]);
  const testApp = path.join(serverSrc, 'test', 'test-app.ts');
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    // A file that reads the chain's URL from the run itself (vitest's inject) is on it without test-chain.
    if (file !== testApp && /inject\('chain(RpcUrl|Usdt)'\)/.test(source)) usesChain.add(file);
    const imports = [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) =>
      path.resolve(path.dirname(file), `${match[1]}.ts`),
    );
    importsOf.set(file, imports);
  }
  // Grows the set to a fixed point: a file importing a chain user is one too. test-app.ts is left out:
  // it imports test-chain only to fund the hot wallet of an app configured on the chain.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [file, imports] of importsOf) {
      if (usesChain.has(file) || file === testApp) continue;
      if (imports.some((imported) => usesChain.has(imported))) {
        usesChain.add(file);
        grew = true;
      }
    }
  }
  return files.filter((file) => file.endsWith('.test.ts') && usesChain.has(file));
}
