import { RESERVES_REPORT_ID_PATTERN, reservesAttestation } from '@exchange/domain';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { type Address, type Hex, type PrivateKeyAccount, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { signBitcoinReservesAttestation } from './bitcoin/bitcoin-message';
import { signBitcoinBatch } from './bitcoin/bitcoin-signer';
import type { ChainSigner, ReservesAttestation, SignerKey } from './chain-sender-types';

/** Deposit key i is <this>/i: platform/chain-config.ts's DEPOSIT_ACCOUNT_PATH and its external chain. */
export const DEPOSIT_KEYS_PATH = "m/44'/60'/0'/0";

/** The hot wallet's path: its own BIP-44 account (1'), apart from the deposit addresses' account (0'). */
export const HOT_WALLET_PATH = "m/44'/60'/1'/0/0";

/**
 * The signer that holds the keys in this process, derived from BIP-39 seed words: deposit key i at
 * m/44'/60'/0'/0/i (the address the xpub gives deposit i) and the hot wallet at m/44'/60'/1'/0/0.
 * The seed lives only in this closure: never on the config, never in a log. The signer process uses it
 * after its checks; a web process only in tests and the embedded default (docs/custody.md).
 */
export function localChainSigner(mnemonic: string): ChainSigner {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  const depositChain = root.derive(DEPOSIT_KEYS_PATH);
  const accounts = new Map<string, PrivateKeyAccount>();

  function accountOf(key: SignerKey): PrivateKeyAccount {
    const name = key.kind === 'hot' ? 'hot' : `deposit:${key.index}`;
    let account = accounts.get(name);
    if (!account) {
      if (key.kind === 'deposit' && (!Number.isInteger(key.index) || key.index < 0))
        throw new Error(`deposit key index ${key.index} is not a derivation index`);
      const node = key.kind === 'hot' ? root.derive(HOT_WALLET_PATH) : depositChain.deriveChild(key.index);
      if (!node.privateKey) throw new Error('the seed gave no private key');
      account = privateKeyToAccount(toHex(node.privateKey));
      accounts.set(name, account);
    }
    return account;
  }

  return {
    address: (key): Address => accountOf(key).address,
    // In process nothing stands between the web process and the keys: no check could stop it, so none
    // is made here (the signer process checks; signer/sign-outbox-row.ts).
    sign: (request): Promise<Hex> => accountOf(request.key).signTransaction(request.transaction),
    async signReservesAttestation(key, reportId): Promise<ReservesAttestation> {
      if (!RESERVES_REPORT_ID_PATTERN.test(reportId)) throw new Error('a report id is a lower-case UUID');
      const account = accountOf(key);
      const message = reservesAttestation(reportId, account.address);
      return { address: account.address, message, signature: await account.signMessage({ message }) };
    },
    signBitcoinReservesAttestation: async (key, reportId) =>
      signBitcoinReservesAttestation(root, key, reportId),
    signBitcoinBatch: async (request) => signBitcoinBatch(root, request),
  };
}
