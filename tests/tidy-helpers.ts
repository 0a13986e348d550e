import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The tidy checks as pure functions over what one scan of the tree found (files, their relative
 * imports, their line counts), so tidy.test.ts stays a list of thin `it` blocks and
 * tidy-helpers.test.ts can feed each check a made-up tree and watch it fail. Paths are relative to the
 * repository root with `/` separators.
 */
export const root = path.resolve(import.meta.dirname, '..');

/** The .ts and .tsx files under `dir` (absolute paths), leaving out dependencies, builds and data. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'data') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

/** A path relative to the repository root, with `/` separators whatever the platform. */
export const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** The module specifiers a source text imports or re-exports from. */
export function importSpecifiers(text: string): string[] {
  return [...text.matchAll(/(?:import|export)[^'"]*from\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '');
}

export const imports = (file: string) => importSpecifiers(readFileSync(file, 'utf8'));

/** Resolves a relative import to the file it names (with or without extension, or a folder's index). */
export function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Lines as an editor numbers them: a final newline does not start another line. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const parts = text.split('\n').length;
  return text.endsWith('\n') ? parts - 1 : parts;
}

/** The feature a file belongs to ('trading' for apps/server/src/features/trading/x.ts), if any. */
export function featureOf(file: string): string | undefined {
  return /[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
}

export type Side = 'server' | 'web';

export function sideOf(file: string): Side | undefined {
  if (file.startsWith('apps/server/')) return 'server';
  if (file.startsWith('apps/web/')) return 'web';
  return undefined;
}

/** Tests and test support may reach across features to arrange a scenario; the rules are for the code. */
export const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file);

/** One relative import that resolved to a file: `file` imports `target`. */
export interface FileImport {
  readonly file: string;
  readonly target: string;
}

/** Reads each file once and resolves its relative imports (package imports are left out). */
export function scanImports(files: readonly string[]): FileImport[] {
  return files.flatMap((file) =>
    imports(file)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolveImport(file, spec))
      .filter((target): target is string => target !== undefined)
      .map((target) => ({ file: rel(file), target: rel(target) })),
  );
}

/** Import cycles between files, each as `a → b → a`, type imports included. */
export function importCycles(fileImports: readonly FileImport[]): string[] {
  const edges = new Map<string, string[]>();
  for (const { file, target } of fileImports) edges.set(file, [...(edges.get(file) ?? []), target]);
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

/** One import from a file of feature `from` into feature `to` on the same side (tests left out). */
export interface FeatureImport {
  readonly side: Side;
  readonly file: string;
  readonly from: string;
  readonly to: string;
}

export function featureImports(fileImports: readonly FileImport[]): FeatureImport[] {
  const out: FeatureImport[] = [];
  for (const { file, target } of fileImports) {
    const side = sideOf(file);
    const from = featureOf(file);
    const to = featureOf(target);
    if (!side || !from || !to || from === to || isTestFile(file) || sideOf(target) !== side) continue;
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
