import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A loopback port nothing listens on right now (the system picks it), for a child server to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A child server that stopped before it answered: most often its port was taken after freePort chose it. */
export class StoppedAtStart extends Error {}

/**
 * Starts a child server on a port freePort (or `pickPort`) chooses. The port is free when chosen, but
 * another process (a node of another test file, any outgoing connection) can take it before the child
 * binds it; the child then stops at once (`start` throws StoppedAtStart) and is started again on another
 * port, up to three times.
 */
export async function startOnFreePort<T>(
  start: (port: number) => Promise<T>,
  pickPort: () => Promise<number> = freePort,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start(await pickPort());
    } catch (error) {
      if (!(error instanceof StoppedAtStart) || attempt === 3) throw error;
    }
  }
}

/**
 * Waits until a child server answers as itself: `answers` resolves once it does and throws while it
 * does not yet (or while another process answers on its port), and is tried every `everyMs`. The
 * child's exit ends the wait at once with StoppedAtStart, even inside a call that hangs on a port
 * something else holds; past `timeoutMs` the wait fails with the last answer's error.
 */
export async function untilServing(
  child: ChildProcess,
  answers: () => Promise<unknown>,
  options: { readonly name: string; readonly timeoutMs: number; readonly everyMs: number },
): Promise<void> {
  const until = Date.now() + options.timeoutMs;
  const exited = new Promise<never>((_, reject) => {
    const refuse = () =>
      reject(
        new StoppedAtStart(`${options.name} stopped at start (exit ${child.exitCode ?? child.signalCode})`),
      );
    if (child.exitCode !== null || child.signalCode !== null) refuse();
    else child.once('exit', refuse);
  });
  exited.catch(() => undefined);
  for (;;) {
    try {
      await Promise.race([answers(), exited]);
      return;
    } catch (error) {
      if (error instanceof StoppedAtStart) throw error;
      if (Date.now() > until)
        throw new Error(
          `${options.name} did not answer in ${options.timeoutMs} ms: ${(error as Error).message}`,
        );
      await Promise.race([new Promise((resolve) => setTimeout(resolve, options.everyMs)), exited]);
    }
  }
}
