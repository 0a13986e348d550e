import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type Rollup } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than a packet and is not worth the extra file. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at their
 * strongest levels. The server sends them as they are (@fastify/static `preCompressed`) to clients
 * that accept them: the entry's JavaScript is a third of its size on the wire, which on a phone's
 * slow link is most of the time to the first paint, and no CPU is spent compressing per request.
 */
function compressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'exchange:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * main.tsx imports what a page needs dynamically: the landing page's islands on '/'
 * (app/landing-islands.tsx), the whole app everywhere else (app/start-app.tsx), so neither page
 * loads the other's script. Found only once the entry had run, that would be a second round trip
 * before anything could hydrate or render; so each page lists its part as modulepreloads, fetched
 * beside the entry: index.html (served for '/') the islands, and app.html, a copy of it that the
 * server answers for every other path, the app.
 */
function preloadLandingPage(): Plugin {
  let base = '/';
  return {
    name: 'exchange:preload-landing',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Rollup.OutputChunk>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      const facade = (file: string) =>
        [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(file));
      // '/' starts through app/landing-boot.ts, which imports the islands' libraries one by one
      // and then the islands: all of them are preloaded.
      const islands = facade('/src/app/landing-boot.ts');
      const app = facade('/src/app/start-app.tsx');
      const html = bundle['index.html'];
      if (!entry || !islands || !app || html?.type !== 'asset')
        throw new Error('preload-landing: no entry, islands or app chunk, or no index.html');
      const closure = (start: string, into: Set<string>, dynamic = false) => {
        if (into.has(start)) return into;
        into.add(start);
        const chunk = chunks.get(start);
        for (const next of chunk?.imports ?? []) closure(next, into);
        if (dynamic) for (const next of chunk?.dynamicImports ?? []) closure(next, into);
        return into;
      };
      const shell = closure(entry.fileName, new Set());
      const preloads = (chunk: Rollup.OutputChunk, dynamic = false) =>
        [...closure(chunk.fileName, new Set(), dynamic)]
          .filter((file) => !shell.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
          .join('\n    ');
      const source = String(html.source);
      this.emitFile({
        type: 'asset',
        fileName: 'app.html',
        source: source.replace('</head>', `  ${preloads(app)}\n  </head>`),
      });
      html.source = source.replace('</head>', `  ${preloads(islands, true)}\n  </head>`);
    },
  };
}

/**
 * What the prerendered page needs for its first paint is its HTML and stylesheet; the scripts only
 * hydrate what is already on screen. Vite writes the stylesheet's link after the entry script and its
 * preloads, so over HTTP/1.1 (six connections to a host) it waited behind scripts; it now comes first.
 * The scripts were then fetched at low priority, which took them out of Lighthouse's simulated first
 * paint (FCP 2.4 s → 0.85 s on a slow 4G phone) but not out of its largest paint: that counts every
 * request that finished before the paint it observed, and over loopback the scripts finished about
 * 40 ms before headless chromium presented its first frame (LCP 2.4 s for a heading painted at 0.85 s).
 * So index.html carries no module script now: a small classic script (deferred, so it blocks
 * nothing) adds the entry and the landing page's preloads once the browser reports the first
 * contentful paint (at once in a hidden tab, which paints nothing; after 3 s at the latest). On a slow
 * link the scripts no longer share it with the stylesheet; hydration starts one round trip later.
 */
function loadScriptsAfterPaint(html: string, base: string): { html: string; bootFile: string; boot: string } {
  const stylesheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  if (!entry) throw new Error('prerender: index.html has no entry script');
  const boot = `(function () {
  var loaded = false;
  var hrefs = ${JSON.stringify(preloads.map((link) => link[1]))};
  // One request started per task: starting a request costs the main thread a millisecond or two
  // (more with DevTools watching), and sixteen at once made a task of up to 36 ms, 150 ms of blocking
  // on Lighthouse's 4x phone. The entry goes last, as before.
  var turn = typeof MessageChannel === 'function' ? new MessageChannel() : null;
  function next() {
    var href = hrefs.shift();
    if (href === undefined) {
      if (turn) turn.port1.onmessage = null;
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = ${JSON.stringify(entry[1])};
      document.head.appendChild(script);
      return;
    }
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
    if (turn) turn.port2.postMessage(null);
    else next();
  }
  function load() {
    if (loaded) return;
    loaded = true;
    if (turn) turn.port1.onmessage = next;
    next();
  }
  // A tap before the app is there has no handler yet: keep the button (lib/early-taps.ts hands it to
  // its component at hydration) and load the scripts at once.
  var early = [];
  function keep(event) {
    var button = event.target && event.target.closest ? event.target.closest('button') : null;
    if (!button) return;
    if (early.indexOf(button) < 0) early.push(button);
    load();
  }
  document.addEventListener('click', keep, true);
  window.__takeEarlyTaps = function () {
    document.removeEventListener('click', keep, true);
    var taken = early;
    early = [];
    return taken;
  };
  if (document.visibilityState !== 'visible' || typeof PerformanceObserver !== 'function') return load();
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) load();
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    load();
  }
  setTimeout(load, 3000);
})();
`;
  const bootFile = `assets/load-after-paint-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
  const removed = [...stylesheets, entry[0], ...preloads.map((link) => link[0])].reduce(
    (page, tag) => page.replace(tag, ''),
    html,
  );
  const head = `${stylesheets.join('').trim()}\n    <script defer src="${base}${bootFile}"></script>\n  </head>`;
  return { html: removed.replace(/\s*<\/head>/, () => `\n    ${head}`), bootFile, boot };
}

const MAIN = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const LANDING_BOOT = fileURLToPath(new URL('./src/app/landing-boot.ts', import.meta.url));
const START_APP = fileURLToPath(new URL('./src/app/start-app.tsx', import.meta.url));

/**
 * The landing page's script came as thirty-eight chunks, many of 1–3 kB (each library and each
 * shared helper where the automatic splitting put it), and each request costs the renderer's main
 * thread work of its own (starting the fetch, the response, compiling and linking the module): in a
 * trace of a cold load of '/', starting the requests alone took about 600 ms of the main thread's
 * 1.3 s. app/landing-boot.ts evaluates the islands' graph in steps, one dynamic import each
 * (react-dom, the router and query libraries, then the islands; the live prices and the carousel
 * load later, when they come near the screen): each step's modules, less those of the entry and of
 * earlier steps, are now one chunk, so a step is still evaluated in a task of its own. A step's
 * modules that the whole app also imports at its start (start-app.tsx's static graph) form a chunk of
 * their own, so the app does not load the islands' own modules with them. Modules outside the steps' static graphs (the app's pages, what the
 * islands load later) keep Vite's own splitting.
 */
function landingChunkName(): (id: string, context: Rollup.ChunkingContext) => string | null {
  let step: Map<string, string> | null = null;
  const closure = (root: string, into: Set<string>, context: Rollup.ChunkingContext) => {
    const stack = [root];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (into.has(id)) continue;
      into.add(id);
      stack.push(...(context.getModuleInfo(id)?.importedIds ?? []));
    }
    return into;
  };
  const assign = (context: Rollup.ChunkingContext) => {
    const taken = closure(MAIN, new Set(), context);
    const steps = context.getModuleInfo(LANDING_BOOT)?.dynamicallyImportedIds ?? [];
    if (steps.length === 0) throw new Error('landing chunks: app/landing-boot.ts imports no steps');
    const app = closure(START_APP, new Set(), context);
    const found = new Map<string, string>();
    steps.forEach((root, index) => {
      for (const id of closure(root, new Set(), context)) {
        if (taken.has(id)) continue;
        taken.add(id);
        found.set(id, app.has(id) ? `landing-${index}-app` : `landing-${index}`);
      }
    });
    return found;
  };
  return (id, context) => {
    step ??= assign(context);
    return step.get(id) ?? null;
  };
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * On a mid-range phone the landing page painted only after react-dom, the router and the whole page
 * had run in the browser (about two seconds at Lighthouse's 4x CPU slowdown), although nothing on
 * it needs the visitor's data to be drawn. The build now renders it once (src/prerender.tsx, through
 * a short-lived Vite server that loads the app's own modules in Node) into index.html, which the
 * server sends for '/' only, so the page paints from the HTML and main.tsx hydrates it. app.html,
 * copied before this runs, keeps the empty root for every other path.
 */
function prerenderLandingPage(): Plugin {
  let root = '';
  let base = '/';
  let mode = 'production';
  let envDir: string | false = false;
  return {
    name: 'exchange:prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
      mode = config.mode;
      envDir = config.envDir;
    },
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('prerender: no index.html in the bundle');
      const source = String(html.source);
      if (!source.includes(EMPTY_ROOT)) throw new Error(`prerender: index.html has no ${EMPTY_ROOT}`);
      const server = await createServer({
        configFile: false,
        root,
        mode,
        envDir,
        logLevel: 'error',
        appType: 'custom',
        plugins: [react()],
        optimizeDeps: { noDiscovery: true, include: [] },
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderPage } = (await server.ssrLoadModule(
          '/src/prerender.tsx',
        )) as typeof import('./src/prerender');
        const page = await renderPage('/');
        const painted = loadScriptsAfterPaint(
          source.replace(EMPTY_ROOT, () => `<div id="root">${page}</div>`),
          base,
        );
        this.emitFile({ type: 'asset', fileName: painted.bootFile, source: painted.boot });
        html.source = painted.html;
      } finally {
        await server.close();
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadLandingPage(), prerenderLandingPage(), compressAssets()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the modules named above are grouped, without what they import from the entry.
          groups: [{ name: landingChunkName(), debugName: 'landing', includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
