import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** A real server process (main.ts) on a shared database; `base` is its API root. */
export interface ServerProcess {
  readonly port: number;
  readonly base: string;
  child: ChildProcess;
  /** The last lines the process wrote (warnings and errors), to say why a check failed. */
  tail(): string;
}

/** Starts main.ts as a child process on `port` and waits until it listens. */
export async function startServer(databaseUrl: string, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'on',
      HOUSE_LIQUIDITY: 'off',
      LOG_LEVEL: 'warn',
      // Both processes must accept each other's tokens, whatever the default secret becomes.
      JWT_SECRET: 'chaos-loop-secret-0123456789-abcdefghijklmnop',
      AUTH_LIMIT_IP_PER_MINUTE: '100000',
      AUTH_LIMIT_ACCOUNT_PER_MINUTE: '100000',
      DEPOSIT_ORDER_LIMIT_PER_HOUR: '100000',
      P2P_TRANSFER_LIMIT_PER_MINUTE: '100000',
      P2P_TRANSFER_LIMIT_PER_DAY: '100000',
      P2P_LOOKUP_LIMIT_PER_MINUTE: '100000',
      // Withdrawals right after two-factor is turned on, and as many as the load asks for.
      WITHDRAWAL_COOL_DOWN_HOURS: '0',
      WITHDRAWAL_DAILY_LIMIT_USD: '0',
      WEB_DIST: path.join(repoRoot, 'no-web-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    const onExit = (code: number | null) => reject(new Error(`server exited ${code}: ${output}`));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Exchange is running')) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', onExit);
  });
  let recent = '';
  const keep = (chunk: Buffer) => {
    recent = (recent + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { port, base: `http://127.0.0.1:${port}/api/v1`, child, tail: () => recent };
}

/** Sends a signal and waits until the process is gone. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
