import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the docs name a file or folder of the repository by its full path. */
const REPOSITORY_PATH = /(?<![\w./-])((?:apps|packages|tests|scripts|e2e)\/[\w./-]*[\w-])/g;
/** A path inside an app's source, named from there (`features/ledger/post-entries.ts`, `lib/realtime.ts`). */
const SOURCE_PATH = /(?<![\w./-])((?:features|platform|db|signer|app|lib|shared|components)\/[\w./-]*[\w-])/g;
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src'];
/** A path that goes on with a placeholder or a glob (`features/<feature>/`, `decide-*`) names no one file. */
const PLACEHOLDER_NEXT = new Set(['<', '{', '*', '[']);
/** Build output: there after a build, never in the repository. */
const BUILT = /(^|\/)(dist|node_modules)(\/|$)/;

/**
 * The repository paths a text names that do not exist, as `line: path`. Pure over `exists`, so a
 * made-up text shows it failing.
 */
function missingRepositoryPaths(text: string, exists: (relative: string) => boolean): string[] {
  const named = (line: string, pattern: RegExp) =>
    [...line.matchAll(pattern)]
      .filter((match) => !PLACEHOLDER_NEXT.has(line[(match.index ?? 0) + match[0].length] ?? ''))
      .map((match) => match[1] as string)
      .filter((found) => !BUILT.test(found));
  return text.split('\n').flatMap((line, index) => [
    ...named(line, REPOSITORY_PATH)
      .filter((found) => !exists(found))
      .map((found) => `${index + 1}: ${found}`),
    ...named(line, SOURCE_PATH)
      .filter((found) => !SOURCE_ROOTS.some((source) => exists(`${source}/${found}`)))
      .map((found) => `${index + 1}: ${found}`),
  ]);
}

const documents = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('docs name paths that exist', () => {
  it.each(documents)('%s', (document) => {
    const text = readFileSync(path.join(root, document), 'utf8');
    expect(missingRepositoryPaths(text, (named) => existsSync(path.join(root, named)))).toEqual([]);
  });

  it('fails on a made-up text naming a moved file, and lets placeholders, globs and build output pass', () => {
    const text = [
      'The rules live in `packages/domain/src/money.ts` and apps/server/src/platform/old-place.ts.',
      'Add `apps/server/src/features/<feature>/` and `packages/domain/src/chain/decide-*.ts`;',
      'the bundle is apps/server/dist/server/main.mjs.',
      'The tape (`features/trading/trade-tape.ts`) and the socket (lib/realtime.ts); platform/gone.ts.',
    ].join('\n');
    const present = new Set([
      'packages/domain/src/money.ts',
      'apps/server/src/features',
      'apps/server/src/features/trading/trade-tape.ts',
      'apps/web/src/lib/realtime.ts',
    ]);
    expect(missingRepositoryPaths(text, (named) => present.has(named))).toEqual([
      '1: apps/server/src/platform/old-place.ts',
      '4: platform/gone.ts',
    ]);
  });
});
