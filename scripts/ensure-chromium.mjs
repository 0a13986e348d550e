/**
 * Run first by `npm test` and `npm run test:e2e`: the browser flows need a Chromium (Debian's, at
 * /usr/bin/chromium, or the one CHROMIUM_PATH names, as playwright.config.ts reads it).
 *
 * - Found: nothing to do.
 * - Missing on a machine that allows it (running as root, apt-get present: CI, a container), it is
 *   installed as .ci/run always did: `apt-get update -qq && apt-get install -y -qq chromium`.
 * - Otherwise the run stops at once with one line naming the command that installs it, rather than
 *   after the unit tests with Playwright's stack trace.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const named = process.env.CHROMIUM_PATH;
const wanted = named ?? DEBIAN_CHROMIUM;

function runnable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function stop(line) {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

function hasAptGet() {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

if (!runnable(wanted)) {
  if (named)
    stop(`CHROMIUM_PATH is ${named}, which is not a program: point it at a Chromium or Chrome binary.`);
  if (!hasAptGet())
    stop(
      `The browser tests need Chromium at ${DEBIAN_CHROMIUM}; none is there: set CHROMIUM_PATH to a Chromium or Chrome binary.`,
    );
  if (process.getuid?.() !== 0)
    stop(
      `The browser tests need Chromium at ${DEBIAN_CHROMIUM}; install it with: sudo apt-get install -y chromium`,
    );
  process.stdout.write(`Chromium is not at ${DEBIAN_CHROMIUM}: installing Debian's chromium (apt-get)…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const installed = spawnSync(
    'sh',
    ['-c', 'apt-get update -qq && apt-get install -y -qq chromium >/dev/null'],
    {
      stdio: 'inherit',
      env,
    },
  );
  if (installed.status !== 0 || !runnable(DEBIAN_CHROMIUM))
    stop(`Installing chromium failed (see above); run: apt-get update && apt-get install -y chromium`);
}
