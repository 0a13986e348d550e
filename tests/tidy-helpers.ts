import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The tidy checks as pure functions over an in-memory tree (a file's path → its text), so tidy.test.ts
 * reads the repository once and stays a list of thin `it` blocks, and tidy-helpers.test.ts can hand
 * every check a made-up tree and watch it fail. Paths are relative to the repository root, with `/`.
 */
export const root = path.resolve(import.meta.dirname, '..');

/** A file's path relative to the repository root → its text. */
export type Tree = ReadonlyMap<string, string>;

/** The .ts and .tsx files under `folders` (relative to the root), leaving out dependencies, builds and data. */
export function readTree(folders: readonly string[]): Tree {
  const tree = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      if (['node_modules', 'dist', 'data'].includes(entry.name)) continue;
      const file = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) tree.set(file, readFileSync(path.join(root, file), 'utf8'));
    }
  };
  for (const folder of folders) walk(folder);
  return tree;
}

const under =
  (...prefixes: string[]) =>
  (file: string) =>
    prefixes.some((prefix) => file.startsWith(prefix));

/**
 * Tests and what only tests use: `*.test.ts(x)`, the browser flows (`e2e/`), anything in a `test/`
 * folder, and files named as test support: `*test-helpers*`, `*test-kit*`, `fake-*`, `*-fixture(s)`.
 * Production code never imports them, a file that imports a test library must be one, and the rules
 * for code (feature boundaries, the long-file limit, money parsing) leave them out: a test may reach
 * across features to arrange a scenario.
 */
export function isTestSupport(file: string): boolean {
  const name = path.posix.basename(file);
  return (
    /\.(test|spec)\.tsx?$/.test(name) ||
    /(^|\/)test\//.test(file) ||
    file.startsWith('e2e/') ||
    /test-helpers|test-kit|^fake-|(^|-)fixtures?\.tsx?$/.test(name)
  );
}

/** Packages only tests use: the runners and the libraries that drive or generate their cases. */
export const isTestLibrary = (spec: string) =>
  /^(vitest|fast-check|@playwright\/test)($|\/)|^@testing-library\//.test(spec);

/** Code the rules govern: under one of `prefixes`, and not a test or test support. */
const code =
  (...prefixes: string[]) =>
  (file: string) =>
    under(...prefixes)(file) && !isTestSupport(file);

/**
 * Every module a source text names: static imports and re-exports (type-only ones too), bare
 * `import '…'`, dynamic `import('…')` and `require('…')`. TypeScript's own scanner reads them, so an
 * import in a comment or a string does not count and one split over lines does.
 */
export function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** One module a file names; `target` is the file a relative specifier resolves to in the tree. */
export interface FileImport {
  readonly file: string;
  readonly spec: string;
  /**
   * For a relative specifier: the file it names (with or without extension, or a folder's index), or
   * the path it points at when the tree has no such file. Undefined for a package.
   */
  readonly target?: string;
}

export function resolveIn(tree: Tree, from: string, spec: string): string {
  const base = path.posix.join(path.posix.dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => tree.has(candidate)) ?? base;
}

/** Reads every file's imports once; every import check reads this. */
export function importsOf(tree: Tree): FileImport[] {
  return [...tree].flatMap(([file, text]) =>
    importSpecifiers(text).map((spec) =>
      spec.startsWith('.') ? { file, spec, target: resolveIn(tree, file, spec) } : { file, spec },
    ),
  );
}

/** A direction imports must keep: which files it governs and which of their imports break it. */
export interface ImportRule {
  /** A short handle, for the proofs in tidy-helpers.test.ts. */
  readonly name: string;
  /** The rule as a failure states it. */
  readonly rule: string;
  readonly from: (file: string) => boolean;
  readonly breaks: (imported: FileImport) => boolean;
}

const targetUnder =
  (...prefixes: string[]) =>
  ({ target }: FileImport) =>
    target !== undefined && under(...prefixes)(target);

/** The rings and floors (docs/architecture.md): each rule names what may not point which way. */
export const IMPORT_RULES: readonly ImportRule[] = [
  {
    name: 'domain-imports-nothing',
    rule: 'the domain imports nothing (no package, no file outside packages/domain/src)',
    from: code('packages/domain/src/'),
    breaks: (imported) => !targetUnder('packages/domain/src/')(imported),
  },
  {
    name: 'contracts-import-domain-and-zod',
    rule: 'contracts import only the domain and zod (their tests a test library too)',
    from: under('packages/contracts/src/'),
    breaks: ({ file, spec, target }) =>
      target !== undefined
        ? !target.startsWith('packages/contracts/src/')
        : !['zod', '@exchange/domain'].includes(spec) && !(isTestSupport(file) && isTestLibrary(spec)),
  },
  {
    name: 'web-never-imports-server',
    rule: 'the web never imports the server',
    from: under('apps/web/'),
    breaks: (imported) =>
      /^@exchange\/server($|\/)/.test(imported.spec) || targetUnder('apps/server/')(imported),
  },
  {
    name: 'server-root-imported-by-none',
    rule: "features, platform/ and db/ never import the server's composition root (the files directly in apps/server/src: app.ts, main.ts, hold-sources.ts, the seeds): it hands them what they need",
    from: code('apps/server/src/features/', 'apps/server/src/platform/', 'apps/server/src/db/'),
    breaks: ({ target }) => target !== undefined && /^apps\/server\/src\/[^/]+$/.test(target),
  },
  {
    name: 'web-root-imported-by-none',
    rule: "features, lib/, components/ and shared/ never import the web's composition root (app/, main.tsx, prerender.tsx)",
    from: code(
      'apps/web/src/features/',
      'apps/web/src/lib/',
      'apps/web/src/components/',
      'apps/web/src/shared/',
    ),
    breaks: ({ target }) => target !== undefined && /^apps\/web\/src\/([^/]+$|app\/)/.test(target),
  },
  {
    name: 'nothing-imports-bench',
    rule: 'the apps and packages never import a bench script',
    from: under('apps/', 'packages/'),
    breaks: targetUnder('bench/'),
  },
  {
    name: 'kernel-never-imports-features',
    rule: "the server's kernel (platform/, db/) never imports a feature: features stand on it",
    from: code('apps/server/src/platform/', 'apps/server/src/db/'),
    breaks: targetUnder('apps/server/src/features/'),
  },
  {
    name: 'web-base-never-imports-features',
    rule: "the web's lib/, components/ and shared/ never import a feature: features stand on them",
    from: code('apps/web/src/lib/', 'apps/web/src/components/', 'apps/web/src/shared/'),
    breaks: targetUnder('apps/web/src/features/'),
  },
  {
    name: 'production-never-imports-tests',
    rule: 'production code never imports a test or test support',
    from: code('apps/', 'packages/'),
    breaks: ({ target }) => target !== undefined && isTestSupport(target),
  },
  {
    name: 'test-libraries-only-in-tests',
    rule: 'only tests import a test library: name a file that does as test support (*-test-helpers.ts, or in a test/ folder)',
    from: code('apps/', 'packages/'),
    breaks: ({ spec }) => isTestLibrary(spec),
  },
];

/** The imports that break a rule, one line each: the file, what it imports, and the rule. */
export function importRuleFindings(
  found: readonly FileImport[],
  rules: readonly ImportRule[] = IMPORT_RULES,
): string[] {
  return rules.flatMap(({ rule, from, breaks }) =>
    found
      .filter((imported) => from(imported.file) && breaks(imported))
      .map(({ file, spec }) => `${file} imports '${spec}': ${rule}`),
  );
}

/** File names are kebab-case, with dotted suffixes (`trading.routes.ts`, `order-form.test.tsx`). */
export function fileNameFindings(files: Iterable<string>): string[] {
  return [...files]
    .filter(under('apps/', 'packages/', 'bench/', 'e2e/'))
    .filter((file) => !/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*\.tsx?$/.test(path.posix.basename(file)))
    .map((file) => `${file}: name files in kebab-case`);
}

/** The lines of the files `applies` picks whose text matches `offends`, as `file:line`. */
function lineFindings(
  tree: Tree,
  applies: (file: string) => boolean,
  offends: (line: string) => boolean,
): string[] {
  return [...tree]
    .filter(([file]) => applies(file))
    .flatMap(([file, text]) =>
      text.split('\n').flatMap((line, index) => (offends(line) ? [`${file}:${index + 1}`] : [])),
    );
}

/** Server and domain code, leaving out the operator's scripts (which print to the terminal). */
const serverOrDomain = (file: string) =>
  under('apps/server/src/', 'packages/domain/src/')(file) && !file.includes('/scripts/');

/** Server and domain files (tests too) log through the logger, never `console.log`. */
export const consoleLogFindings = (tree: Tree) =>
  lineFindings(tree, serverOrDomain, (line) => /console\.log\(/.test(line));

/** No `parseFloat`, `Number(…)` or `toFixed(…)` on a line about money in server and domain code. */
export const floatMoneyFindings = (tree: Tree) =>
  lineFindings(
    tree,
    (file) => serverOrDomain(file) && !isTestSupport(file),
    (line) =>
      /(parseFloat|Number\(|toFixed\()/.test(line) &&
      /(amount|balance|price|cost|fee|quantity|total|value)/i.test(line),
  );

/** No path of a developer's machine (`/work/…`, `/home/…`, `/root/…`) in the repository's sources. */
export const machinePathFindings = (tree: Tree) =>
  lineFindings(tree, under('apps/', 'packages/', 'e2e/', 'bench/'), (line) =>
    /\/(work|root|home)\/[a-z]/.test(line),
  );

/** Lines as an editor numbers them: a final newline does not start another line. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const parts = text.split('\n').length;
  return text.endsWith('\n') ? parts - 1 : parts;
}

/** The line counts the long-file rule reads: code of the apps, packages and benches, tests left out. */
export function lineCounts(tree: Tree, exempt: Readonly<Record<string, string>> = {}) {
  return [...tree]
    .filter(([file]) => code('apps/server/src/', 'apps/web/src/', 'packages/', 'bench/')(file))
    .filter(([file]) => !(file in exempt))
    .map(([file, text]) => ({ file, lines: countLines(text) }));
}

/** The feature a file belongs to ('trading' for apps/server/src/features/trading/x.ts), if any. */
export function featureOf(file: string): string | undefined {
  return /\/features\/([^/]+)\//.exec(file)?.[1];
}

export type Side = 'server' | 'web';

export function sideOf(file: string): Side | undefined {
  if (file.startsWith('apps/server/')) return 'server';
  if (file.startsWith('apps/web/')) return 'web';
  return undefined;
}

/** One import from a file of feature `from` into feature `to` on the same side (tests left out). */
export interface FeatureImport {
  readonly side: Side;
  readonly file: string;
  readonly from: string;
  readonly to: string;
}

export function featureImports(found: readonly FileImport[]): FeatureImport[] {
  const out: FeatureImport[] = [];
  for (const { file, target } of found) {
    if (target === undefined || isTestSupport(file)) continue;
    const side = sideOf(file);
    const from = featureOf(file);
    const to = featureOf(target);
    if (!side || !from || !to || from === to || sideOf(target) !== side) continue;
    out.push({ side, file, from, to });
  }
  return out;
}

/** `'server:wallet'` → the features it may import → why, one reason each. */
export type CrossFeatureAllowList = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** `'web:session'` → why every feature on that side may import it without an entry. */
export type SharedFeatures = Readonly<Record<string, string>>;

const key = (side: Side, feature: string) => `${side}:${feature}`;

/** The feature imports neither the allow-list nor a shared feature permits, one line per import. */
export function disallowedFeatureImports(
  found: readonly FeatureImport[],
  allow: CrossFeatureAllowList,
  shared: SharedFeatures,
): string[] {
  return found
    .filter(({ side, from, to }) => !(key(side, to) in shared) && !(to in (allow[key(side, from)] ?? {})))
    .map(
      ({ side, file, from, to }) =>
        `${file} (${side}:${from}) imports feature ${to}, which CROSS_FEATURE_IMPORTS['${side}:${from}'] does not allow: go through the composition root, or add '${to}' there with why`,
    );
}

/**
 * Imports by a shared feature (the server's kernel features) of a feature that is not shared: the
 * kernel stands below every customer feature, so it may lean on the kernel alone, and no allow-list
 * entry can excuse it.
 */
export function sharedFeatureEscapes(found: readonly FeatureImport[], shared: SharedFeatures): string[] {
  return found
    .filter(({ side, from, to }) => key(side, from) in shared && !(key(side, to) in shared))
    .map(
      ({ side, file, from, to }) =>
        `${file} (${side}:${from}, shared by every feature) imports feature ${to}, which is not shared: move what it needs into the kernel, or hand it in from the composition root`,
    );
}

/**
 * Allow-list entries that no longer earn their place: an allowed import no file makes any more, an
 * entry a shared feature makes redundant, a reason left empty, a feature with nothing allowed.
 */
export function staleAllowances(
  found: readonly FeatureImport[],
  allow: CrossFeatureAllowList,
  shared: SharedFeatures,
): string[] {
  const made = new Set(found.map(({ side, from, to }) => `${key(side, from)}→${to}`));
  const out: string[] = [];
  for (const [owner, targets] of Object.entries(allow)) {
    const side = owner.split(':')[0] ?? '';
    if (Object.keys(targets).length === 0)
      out.push(`CROSS_FEATURE_IMPORTS['${owner}'] allows nothing: remove the entry`);
    for (const [to, why] of Object.entries(targets)) {
      const entry = `CROSS_FEATURE_IMPORTS['${owner}'].${to}`;
      if (`${side}:${to}` in shared)
        out.push(`${entry} is redundant: every ${side} feature may import ${to}; remove the line`);
      else if (!made.has(`${owner}→${to}`))
        out.push(`${entry} is stale: no file of ${owner} imports feature ${to} any more; remove the line`);
      if (why.trim() === '') out.push(`${entry} gives no reason: say why the import is needed`);
    }
  }
  return out;
}

/** Features that import each other, directly or round a loop: one strongly connected group each. */
export interface FeatureCycle {
  readonly side: Side;
  /** Sorted. */
  readonly features: readonly string[];
  /** Each import inside the group, as `from → to (file, and how many more files)`. */
  readonly imports: readonly string[];
}

/** The feature → feature cycles on each side (Tarjan's strongly connected components of size > 1). */
export function featureCycles(found: readonly FeatureImport[]): FeatureCycle[] {
  const cycles: FeatureCycle[] = [];
  for (const side of ['server', 'web'] as const) {
    const mine = found.filter((i) => i.side === side);
    const edges = new Map<string, Set<string>>();
    for (const { from, to } of mine) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const connect = (feature: string) => {
      index.set(feature, index.size);
      low.set(feature, index.get(feature)!);
      stack.push(feature);
      onStack.add(feature);
      for (const next of edges.get(feature) ?? []) {
        if (!index.has(next)) {
          connect(next);
          low.set(feature, Math.min(low.get(feature)!, low.get(next)!));
        } else if (onStack.has(next)) low.set(feature, Math.min(low.get(feature)!, index.get(next)!));
      }
      if (low.get(feature) !== index.get(feature)) return;
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== feature);
      if (group.length < 2) return;
      const inside = new Map<string, string[]>();
      for (const { file, from, to } of mine)
        if (group.includes(from) && group.includes(to))
          inside.set(`${from} → ${to}`, [...(inside.get(`${from} → ${to}`) ?? []), file]);
      cycles.push({
        side,
        features: group.sort(),
        imports: [...inside].map(
          ([edge, files]) =>
            `${edge} (${files[0]}${files.length > 1 ? ` and ${files.length - 1} more files` : ''})`,
        ),
      });
    };
    for (const feature of [...edges.keys()].sort()) if (!index.has(feature)) connect(feature);
  }
  return cycles;
}

/** A feature cycle we know of and have not broken yet, and why it is tolerated for now. */
export interface KnownFeatureCycle {
  readonly side: Side;
  readonly features: readonly string[];
  readonly why: string;
}

const cycleName = (side: Side, features: readonly string[]) => `${side}: ${[...features].sort().join(' ⇄ ')}`;

/** Cycles not on the known list, and known cycles that are gone (or changed members). */
export function featureCycleFindings(
  cycles: readonly FeatureCycle[],
  known: readonly KnownFeatureCycle[],
): string[] {
  const knownNames = new Set(known.map((k) => cycleName(k.side, k.features)));
  const foundNames = new Set(cycles.map((c) => cycleName(c.side, c.features)));
  return [
    ...cycles
      .filter((c) => !knownNames.has(cycleName(c.side, c.features)))
      .map(
        (c) =>
          `feature cycle ${cycleName(c.side, c.features)}: ${c.imports.join('; ')}. Break it (move the shared piece to the feature both need, or wire it in the composition root)`,
      ),
    ...known
      .filter((k) => !foundNames.has(cycleName(k.side, k.features)))
      .map(
        (k) =>
          `KNOWN_FEATURE_CYCLES entry ${cycleName(k.side, k.features)} is stale: that cycle is gone (or its members changed); remove the entry`,
      ),
  ];
}

/** A file allowed past the line limit, at most `lines` long, and why it is long (or 'to split'). */
export interface LongFile {
  readonly lines: number;
  readonly why: string;
}

/**
 * The long-file ratchet: a file not on the list may not pass `limit` lines, a listed file may not
 * grow past its recorded count, and a listed file that shrank (or is gone) must have its entry lowered
 * or removed, so the list only ever tightens.
 */
export function longFileFindings(
  counts: readonly { readonly file: string; readonly lines: number }[],
  list: Readonly<Record<string, LongFile>>,
  limit = 300,
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const { file, lines } of counts) {
    seen.add(file);
    const entry = list[file];
    if (!entry) {
      if (lines > limit)
        out.push(
          `${file} has ${lines} lines, over ${limit}: split it (usually two ideas in one file), or add it to LONG_FILES with its count and why`,
        );
    } else if (lines > entry.lines)
      out.push(`${file} grew to ${lines} lines, past its recorded ${entry.lines} in LONG_FILES: split it`);
    else if (lines <= limit)
      out.push(`${file} is down to ${lines} lines, within ${limit}: remove its LONG_FILES entry`);
    else if (lines < entry.lines)
      out.push(
        `${file} shrank to ${lines} lines: lower its LONG_FILES count from ${entry.lines} to ${lines}`,
      );
  }
  for (const file of Object.keys(list))
    if (!seen.has(file)) out.push(`${file} is gone (or no longer checked): remove its LONG_FILES entry`);
  for (const [file, { why }] of Object.entries(list))
    if (why.trim() === '') out.push(`LONG_FILES['${file}'] gives no reason: say why, or 'to split'`);
  return out;
}

/** The LONG_FILES list as today's tree would have it, reasons kept, to paste over the old one. */
export function longFilesToday(
  counts: readonly { readonly file: string; readonly lines: number }[],
  list: Readonly<Record<string, LongFile>>,
  limit = 300,
): string {
  return counts
    .filter(({ lines }) => lines > limit)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file))
    .map(({ file, lines }) => {
      const why = list[file]?.why ?? 'to split';
      return `  '${file}': { lines: ${lines}, why: ${why.includes("'") ? `"${why}"` : `'${why}'`} },`;
    })
    .join('\n');
}

/** Import cycles between files, each as `a → b → a`, type imports included. */
export function importCycles(found: readonly FileImport[]): string[] {
  const edges = new Map<string, string[]>();
  for (const { file, target } of found)
    if (target !== undefined) edges.set(file, [...(edges.get(file) ?? []), target]);
  const cycles: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'visiting')
        cycles.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return cycles;
}
