/**
 * Run first by `npm test` and `npm run test:e2e` (issue 47): the Litecoin tests start their own regtest
 * node with Debian's `litecoind` (Litecoin Core 0.21, Bitcoin Core 0.21's RPC), as the browser flows
 * need Debian's chromium (ensure-chromium.mjs does the same for it).
 *
 * - Found on the PATH: nothing to do.
 * - Missing on a machine that allows it (running as root, apt-get present: CI, a container), it is
 *   installed: `apt-get update -qq && apt-get install -y -qq litecoind`.
 * - Otherwise the run stops at once with one line naming the command that installs it.
 */
import { spawnSync } from 'node:child_process';

function installed() {
  return spawnSync('sh', ['-c', 'command -v litecoind'], { stdio: 'ignore' }).status === 0;
}

function stop(line) {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

if (!installed()) {
  if (spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0)
    stop(
      'The Litecoin tests need litecoind (Litecoin Core) on the PATH; none is there: install Litecoin Core.',
    );
  if (process.getuid?.() !== 0)
    stop('The Litecoin tests need litecoind; install it with: sudo apt-get install -y litecoind');
  process.stdout.write("litecoind is not installed: installing Debian's litecoind (apt-get)…\n");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const result = spawnSync(
    'sh',
    ['-c', 'apt-get update -qq && apt-get install -y -qq litecoind >/dev/null'],
    {
      stdio: 'inherit',
      env,
    },
  );
  if (result.status !== 0 || !installed())
    stop('Installing litecoind failed (see above); run: apt-get update && apt-get install -y litecoind');
}
