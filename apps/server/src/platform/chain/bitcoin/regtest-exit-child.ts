import { startRegtestNode } from './regtest-node';

/**
 * regtest-node.test.ts's child: starts a node, says where its data directory is, and is killed
 * (SIGKILL) without stopping it, as a test run or `npm start` that crashes is: no exit handler runs,
 * so only the node's watchdog is left to stop it and remove its directory.
 */
const node = await startRegtestNode();
process.stdout.write(`${JSON.stringify({ dataDir: node.dataDir })}\n`, () =>
  process.kill(process.pid, 'SIGKILL'),
);
