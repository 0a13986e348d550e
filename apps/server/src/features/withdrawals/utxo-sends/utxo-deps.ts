import type { AppContext } from '../../../platform/app-context';
import type { ChainSigner } from '../../../platform/chain/chain-sender-types';

/** What the UTXO sender needs: the database, the clock, mail, the log and the signer. */
export type UtxoDeps = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger'> & {
  readonly signer: Pick<ChainSigner, 'signBitcoinBatch'> | null;
};
