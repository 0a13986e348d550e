/**
 * Debian's chromium, headless, for Lighthouse (bench/web.ts, bench/web-compare.ts): CHROME_PATH, by
 * default /usr/bin/chromium; no browser is downloaded. It answers on `devtoolsPort` when this returns.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export async function startChromium(devtoolsPort: number): Promise<ChildProcess> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-chromium-'));
  const chromium = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${devtoolsPort}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  // Its helper processes can still be writing the profile as the browser exits (ENOTEMPTY): a profile
  // left in the temporary directory is not worth failing the bench for.
  chromium.once('exit', () => {
    try {
      rmSync(profile, { recursive: true, force: true });
    } catch {}
  });
  // A missing browser must fail this function, not crash the process past the `finally` that stops
  // the server (which was then left running on the bench's port).
  let spawnError: Error | null = null;
  chromium.once('error', (error) => {
    spawnError = error;
  });
  for (let i = 0; i < 200; i += 1) {
    if (spawnError) throw new Error(`chromium (${CHROME}) did not start: ${String(spawnError)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${devtoolsPort}/json/version`)).ok) return chromium;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  chromium.kill();
  throw new Error(`chromium (${CHROME}) did not open its DevTools port`);
}
