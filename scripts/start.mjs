/**
 * `npm start`: builds what changed, then runs the server.
 *
 * - The web app is built (vite) only when its inputs differ from the last build: a hash of apps/web,
 *   the workspace packages it imports and the lockfile, kept in apps/web/dist/.build-stamp. A fresh
 *   clone has no stamp and builds; a changed source changes the hash and rebuilds.
 * - The server is bundled by esbuild into apps/server/dist/server/main.mjs (dependencies stay in
 *   node_modules), again only when its inputs changed. Loading one plain JavaScript file instead of
 *   compiling some 300 TypeScript modules through tsx on every start saves most of the start time.
 *   Should esbuild be missing or fail, the server runs from source through tsx, as before.
 *
 * - Beside it, the same way: the signer process (src/signer/main.ts → dist/server/signer/main.mjs; in
 *   the embedded default the server bundle starts it as its child, embedded-signer.ts) and the operator
 *   scripts production runs (src/scripts/<name>.ts → dist/server/scripts/<name>.mjs, OPERATOR_SCRIPTS).
 *   Production runs these files with `node` on a production install: tsx is a devDependency.
 *
 * Each step prints one line (built or up to date, then starting), and the server one per start step.
 *
 * `node scripts/start.mjs --build-only` builds what changed and exits (the benchmarks and the
 * Dockerfile use it).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.turbo']);

/** Every file under `dir` (sorted, so the hash is stable), skipping build output and tests' files. */
function files(dir, out = []) {
  if (!existsSync(dir)) return out;
  if (statSync(dir).isFile()) {
    out.push(dir);
    return out;
  }
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** One hash over the inputs' paths and contents, plus `extra` (what else the output depends on). */
function hashOf(inputs, extra) {
  const hash = createHash('sha256').update(extra);
  for (const input of inputs) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

const stampOf = (file) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');
const log = (text) => process.stdout.write(`${text}\n`);
const SHARED = ['packages/contracts', 'packages/domain', 'package-lock.json', 'package.json'];

function buildWeb() {
  const stampFile = path.join(root, 'apps/web/dist/.build-stamp');
  const hash = hashOf(['apps/web', ...SHARED], 'web');
  if (stampOf(stampFile) === hash && existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    log('web app: up to date');
    return;
  }
  log('web app: sources changed since the last build, building it (vite)…');
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeFileSync(stampFile, `${hash}\n`);
}

const serverSrc = path.join(root, 'apps/server/src');
const serverOut = path.join(root, 'apps/server/dist/server/main.mjs');

/**
 * The operator scripts production runs from the bundle (docs/operations.md, "Production install"),
 * each a src/scripts/<name>.ts. One not written yet is skipped. The development tools (chain-faucet,
 * compile-nft, config-docs) stay source-only, through tsx.
 */
const OPERATOR_SCRIPTS = ['ledger-verify', 'enrol-admin-totp', 'deploy-nft'];

/** Every entry bundled (sources under apps/server/src), the server first. */
const entries = [
  'main.ts',
  'signer/main.ts',
  ...OPERATOR_SCRIPTS.map((name) => `scripts/${name}.ts`).filter((entry) =>
    existsSync(path.join(serverSrc, entry)),
  ),
];
/** Where esbuild writes an entry's bundle: the same relative path under dist/server, `.mjs`. */
const bundleOf = (entry) => path.join(path.dirname(serverOut), entry.replace(/\.ts$/, '.mjs'));

/** Bundles the server when its inputs changed; false when it cannot (then tsx runs the source). */
async function buildServer() {
  const stampFile = path.join(path.dirname(serverOut), '.build-stamp');
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  // The bundle bakes in each file's own URL (below), so it depends on where the checkout lives.
  const hash = hashOf(
    ['apps/server/src', 'apps/server/package.json', 'scripts/start.mjs', ...SHARED],
    `server ${root} ${process.version}`,
  );
  if (stampOf(stampFile) === hash && entries.every((entry) => existsSync(bundleOf(entry)))) {
    log('server: bundle up to date');
    return true;
  }
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    log('server: esbuild is not installed; running the TypeScript source through tsx');
    return false;
  }
  log('server: sources changed since the last build, bundling it (esbuild)…');
  // Only workspace packages are bundled (they ship TypeScript); every npm dependency is imported from
  // node_modules as usual, native ones included.
  const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter(
    (name) => !name.startsWith('@exchange/'),
  );
  try {
    await esbuild.build({
      entryPoints: entries.map((entry) => path.join(serverSrc, entry)),
      outdir: path.dirname(serverOut),
      outbase: serverSrc,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external,
      logLevel: 'error',
      plugins: [
        {
          // Source files find the migrations and the web build relative to themselves
          // (import.meta.url); each keeps its own URL in the bundle, so those paths still hold.
          name: 'keep-module-urls',
          setup(build) {
            build.onLoad({ filter: /\.ts$/ }, (args) => ({
              contents: readFileSync(args.path, 'utf8').replaceAll(
                'import.meta.url',
                JSON.stringify(pathToFileURL(args.path).href),
              ),
              loader: 'ts',
            }));
          },
        },
      ],
    });
  } catch (error) {
    log(`server: bundling failed (${error instanceof Error ? error.message : error}); running through tsx`);
    return false;
  }
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${hash}\n`);
  return true;
}

buildWeb();
const bundled = await buildServer();
if (!process.argv.includes('--build-only')) {
  log('server: starting…');
  if (bundled) {
    await import(pathToFileURL(serverOut).href);
  } else {
    // tsx is a devDependency: `npm start` is for development, production runs the bundle itself.
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
  }
}
