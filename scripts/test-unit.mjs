// `npm run test:unit`: the unit and integration suites in two vitest processes at once. The files on the
// shared development chain (project server-chain) run one at a time; vitest runs a one-worker project
// only after the others within one process, so it gets its own process and runs beside them. Each line
// is prefixed with its process; the run fails if either fails. Extra arguments go to both.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const extra = process.argv.slice(2);
const runs = [
  { label: 'chain', projects: ['server-chain'] },
  { label: 'main', projects: ['domain', 'server', 'web'] },
];

const exits = await Promise.all(
  runs.map(
    ({ label, projects }) =>
      new Promise((resolve) => {
        const args = ['vitest', 'run', ...projects.flatMap((name) => ['--project', name]), ...extra];
        const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
        for (const [stream, out] of [
          [child.stdout, process.stdout],
          [child.stderr, process.stderr],
        ]) {
          createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
        }
        child.on('close', (code, signal) => resolve({ label, code: code ?? (signal ? 1 : 0) }));
      }),
  ),
);
const failed = exits.filter((exit) => exit.code !== 0);
for (const { label, code } of failed) console.error(`[${label}] vitest exited with ${code}`);
process.exit(failed.length > 0 ? 1 : 0);
