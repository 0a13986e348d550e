/**
 * The web app's production bundle, per route: builds it with vite's manifest into a scratch
 * directory and sums, for each page, the gzip size of the JavaScript a first visit to it loads (the
 * entry with its static imports, then the page's chunk with its static imports).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './support';

interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly name?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}

export interface RouteSize {
  /** The page module, e.g. `landing/pages/landing-page`. */
  readonly page: string;
  /** Gzip KB of the page's own chunk and what it alone imports (shared with no other route loaded first). */
  readonly pageKb: number;
  /** Gzip KB of all JavaScript a first visit loads: the entry's closure plus the page's. */
  readonly firstLoadKb: number;
  /** Chunks of 20 KB gzip or more in the page's closure, by name, for the table. */
  readonly bigChunks: readonly string[];
}

export interface BundleReport {
  readonly entryKb: number;
  readonly cssKb: number;
  readonly totalJsKb: number;
  readonly routes: readonly RouteSize[];
}

/** Builds the web app into `outDir` (never apps/web/dist, which `npm start` serves) and measures it. */
export function measureBundle(outDir: string): BundleReport {
  const built = spawnSync(
    'npx',
    ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: path.join(repoRoot, 'apps/web'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.status !== 0) throw new Error(`vite build failed (${built.status})`);
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gzipKb = new Map<string, number>();
  const sizeOf = (file: string) => {
    let kb = gzipKb.get(file);
    if (kb === undefined) {
      kb = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length / 1024;
      gzipKb.set(file, kb);
    }
    return kb;
  };
  /** A chunk and everything it imports statically, as manifest keys. */
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const sum = (keys: Iterable<string>) => {
    let kb = 0;
    for (const key of keys) kb += sizeOf(manifest[key]!.file);
    return kb;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest names no entry');
  // main.tsx imports the rest dynamically: the whole app (app/start-app.tsx, which app.html preloads)
  // on every page but '/', and on '/' only the landing page's islands (app/landing-islands.tsx).
  const keyOf = (src: string) => Object.keys(manifest).find((key) => manifest[key]!.src?.endsWith(src));
  const appKey = keyOf('src/app/start-app.tsx');
  const islandsKey = keyOf('src/app/landing-islands.tsx');
  const entry = closure(entryKey);
  if (appKey) closure(appKey, entry);
  const routes: RouteSize[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    const page = chunk.src?.match(/src\/features\/(.+-page)\.tsx$/)?.[1];
    if (!chunk.isDynamicEntry || !page) continue;
    // The landing page's first visit loads the entry and the islands, not the app nor the page chunk.
    const landing = page === 'landing/pages/landing-page' && islandsKey !== undefined;
    const shell = landing ? closure(entryKey) : entry;
    const own = [...closure(landing ? islandsKey : key)].filter((k) => !shell.has(k));
    routes.push({
      page,
      pageKb: sum(own),
      firstLoadKb: sum(shell) + sum(own),
      bigChunks: own
        .filter((k) => sizeOf(manifest[k]!.file) >= 20)
        .map((k) => `${manifest[k]!.name ?? k} ${sizeOf(manifest[k]!.file).toFixed(0)} KB`),
    });
  }
  routes.sort((a, b) => a.page.localeCompare(b.page));
  let cssKb = 0;
  for (const file of new Set(Object.values(manifest).flatMap((c) => c.css ?? []))) cssKb += sizeOf(file);
  let totalJsKb = 0;
  for (const chunk of Object.values(manifest))
    if (chunk.file.endsWith('.js')) totalJsKb += sizeOf(chunk.file);
  return { entryKb: sum(entry), cssKb, totalJsKb, routes };
}
