import type { AppContext } from '../../../platform/app-context';
import type { ChainSigner } from '../../../platform/chain/chain-sender-types';

/** What the UTXO sender needs: the database, the clock, mail, the log, the signer and when to bump a fee. */
export type UtxoDeps = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger'> & {
  readonly signer: Pick<ChainSigner, 'signBitcoinBatch'> | null;
  /** A broadcast batch still out of a block this long is replaced with a higher fee; 0 or absent: never by itself. */
  readonly feeBumpAfterMs?: number;
};
