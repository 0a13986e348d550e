import { systemClock } from '../../platform/clock';
import { loadConfig } from '../../platform/config';
import { connect } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { createChainSender } from './chain-sender';

/**
 * The crash test's sender process (chain-sender-crash.test.ts starts it with the test's database and
 * chain in its environment): one run of the chain's sender job that SIGKILLs itself right after the
 * signed transaction is stored, before it is broadcast, as a power cut at the worst moment would.
 */
const config = loadConfig(process.env);
const database = connect(config.databaseUrl!, { max: 2 });
const sender = createChainSender({
  db: database.db,
  logger: createLogger('warn'),
  clock: systemClock,
  chains: config.chains,
  signer: config.chainSigner,
  settings: config.chainSenderSettings,
  pollMs: config.chainPollMs,
  afterStore: () => process.kill(process.pid, 'SIGKILL'),
});
await sender.jobs[0]!.run(new Date());
// Reaching this line means nothing was stored: the test reads the exit code.
process.exit(3);
