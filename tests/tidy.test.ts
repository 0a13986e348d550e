import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Style as a test: the rings' import directions, file naming, and the habits we keep. A failure here
 * names the file and the rule it breaks.
 */
const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'data') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

const rel = (file: string) => path.relative(root, file);
const imports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*from\s*['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  );

describe('tidy', () => {
  it('keeps the domain free of I/O and of other packages', () => {
    const offenders = sourceFiles(path.join(root, 'packages/domain/src'))
      .filter((file) => !file.endsWith('.test.ts'))
      .flatMap((file) =>
        imports(file)
          .filter((spec) => !spec.startsWith('.'))
          .map((spec) => `${rel(file)} imports ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('keeps contracts depending only on the domain and zod', () => {
    const offenders = sourceFiles(path.join(root, 'packages/contracts/src')).flatMap((file) =>
      imports(file)
        .filter(
          (spec) =>
            !spec.startsWith('.') &&
            spec !== 'zod' &&
            spec !== '@exchange/domain' &&
            !spec.startsWith('vitest'),
        )
        .map((spec) => `${rel(file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('never lets the web import the server', () => {
    const offenders = sourceFiles(path.join(root, 'apps/web/src')).flatMap((file) =>
      imports(file)
        .filter((spec) => spec.includes('apps/server') || spec.startsWith('@exchange/server'))
        .map((spec) => `${rel(file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('names files in kebab-case', () => {
    const offenders = [...sourceFiles(path.join(root, 'apps')), ...sourceFiles(path.join(root, 'packages'))]
      .map((file) => path.basename(file))
      .filter((name) => !/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*\.(ts|tsx)$/.test(name));
    expect(offenders).toEqual([]);
  });

  it('keeps console.log out of server and domain code', () => {
    const offenders = [
      ...sourceFiles(path.join(root, 'apps/server/src')),
      ...sourceFiles(path.join(root, 'packages/domain/src')),
    ]
      .filter((file) => !file.includes(`${path.sep}scripts${path.sep}`))
      .filter((file) => /console\.log\(/.test(readFileSync(file, 'utf8')))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('does no float arithmetic on money: no parseFloat or Number() of amounts in server and domain code', () => {
    const moneyWords = /(amount|balance|price|cost|fee|quantity|total|value)/i;
    const offenders: string[] = [];
    for (const file of [
      ...sourceFiles(path.join(root, 'apps/server/src')),
      ...sourceFiles(path.join(root, 'packages/domain/src')),
    ]) {
      if (file.endsWith('.test.ts') || file.includes(`${path.sep}scripts${path.sep}`)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (/(parseFloat|Number\(|toFixed\()/.test(line) && moneyWords.test(line))
            offenders.push(`${rel(file)}:${index + 1}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('writes no path of this machine into the repository', () => {
    const offenders = [
      ...sourceFiles(path.join(root, 'apps')),
      ...sourceFiles(path.join(root, 'packages')),
      ...sourceFiles(path.join(root, 'e2e')),
    ]
      .filter((file) => /\/(work|root|home)\/[a-z]/.test(readFileSync(file, 'utf8')))
      .map(rel);
    expect(offenders).toEqual([]);
  });
});
