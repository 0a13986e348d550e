import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import bitcoinMessage from 'bitcoinjs-message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDepositAddresses } from '../../db/schema';
import {
  BITCOIN_COIN_TYPES,
  bip84XpubOfMnemonic,
  segwitAddressAt,
} from '../../platform/chain/bitcoin/bitcoin-addresses';
import {
  adoptLitecoinAddresses,
  embeddedLitecoinSettings,
} from '../../platform/chain/bitcoin/embedded-litecoin';
import { type RegtestNode, startRegtestNode } from '../../platform/chain/bitcoin/regtest-node';
import type { ChainSettings } from '../../platform/chain/chain-config';
import type { ChainSigner } from '../../platform/chain/chain-sender-types';
import { depositAddressAt } from '../../platform/chain/evm/hd-addresses';
import { localChainSigner } from '../../platform/chain/local-chain-signer';
import { fetchSignerIdentity, remoteChainSigner } from '../../platform/chain/remote-chain-signer';
import { ManualClock } from '../../platform/clock';
import { createLogger } from '../../platform/logger';
import { randomSecret } from '../../platform/secrets';
import { loadSignerConfig } from '../../signer/signer-config';
import { type RunningSigner, startSignerServer } from '../../signer/signer-server';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app';
import { chainTestEnv } from '../../test/test-chain';
import { createTestUser } from '../../test/test-users';
import { bitcoinAssetProver } from './prove-bitcoin-assets';

/**
 * Issue 49's gap under `npm start` (issue 47): the development Litecoin chain's addresses come from the
 * BIP-84 account key the signer process names in its identity, as embedded-litecoin.ts builds the
 * chain's settings there, so the reserves report signs every LTC address holding coins. Shaped as
 * `npm start` is: the signer holds the seed (loaded by its own configuration), the web process only
 * the identity; an older data directory's address (from the former development secret) is adopted.
 */
const LITECOIN_MAGIC = '\x19Litecoin Signed Message:\n';
const words = generateMnemonic(wordlist, 256);
const secret = randomSecret();
const reportId = '6b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
let node: RegtestNode;
let t: TestApp;
let signer: RunningSigner;
let litecoin: ChainSettings;
let remote: ChainSigner | undefined;

/** The web process's port: addresses from the seed's public side, every signature from the signer. */
const keysForAddresses = localChainSigner(words);
const throughSigner: ChainSigner = {
  address: (key) => keysForAddresses.address(key),
  sign: (request) => remote!.sign(request),
  signBitcoinReservesAttestation: (key, id) => remote!.signBitcoinReservesAttestation!(key, id),
  signBitcoinBatch: (request) => remote!.signBitcoinBatch!(request),
};

beforeAll(async () => {
  node = await startRegtestNode();
  const env = chainTestEnv();
  // The signer's settings as `npm start` hands them to its child; its identity gives the Litecoin key.
  const pending = { url: '', secret };
  litecoin = embeddedLitecoinSettings(node.rpcUrl, bip84XpubOfMnemonic(words, BITCOIN_COIN_TYPES.testnet));
  t = await createTestApp({
    env,
    deps: { config: { ...testConfig(env), chainSigner: throughSigner, bitcoinChains: [litecoin] } },
  });
  const config = loadSignerConfig({
    ...env,
    CHAIN_MNEMONIC: undefined,
    NODE_ENV: 'test',
    DATABASE_URL: (t.database as unknown as { url: string }).url,
    SIGNER_MNEMONIC: words,
    SIGNER_SECRET: secret,
    SIGNER_PORT: '0',
  });
  signer = await startSignerServer(
    { db: t.ctx.db, clock: new ManualClock(new Date()), logger: createLogger('warn'), config },
    config,
  );
  pending.url = signer.url;
  const identity = await fetchSignerIdentity(pending);
  // What main.ts passes to startEmbeddedLitecoin: the same key the settings above were built with.
  expect(identity.bitcoin_xpubs?.['1']).toBe(litecoin.bitcoin!.xpub);
  remote = remoteChainSigner(pending, identity, (index) => depositAddressAt(identity.xpub, index));
}, 120_000);

afterAll(async () => {
  await signer?.close();
  await t?.close();
  await node?.stop();
});

describe("npm start's Litecoin addresses in the reserves report", () => {
  it("signs every LTC address with coins, an older data directory's address adopted onto the signer's key", async () => {
    const customer = await createTestUser(t, { kyc: true });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit-address',
      headers: customer.headers,
      payload: { asset: 'LTC', chain: 'litecoin' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const fresh = asked.json().data.address as string;
    expect(fresh).toBe(segwitAddressAt(litecoin.bitcoin!.xpub, 0, 'rltc'));

    // An older data directory: a customer's address from the former `litecoin-regtest-seed` key.
    const older = await createTestUser(t, { kyc: true });
    const formerXpub = bip84XpubOfMnemonic(generateMnemonic(wordlist, 256), BITCOIN_COIN_TYPES.testnet);
    await t.ctx.db.insert(chainDepositAddresses).values({
      userId: older.id,
      chain: 'litecoin',
      addressIndex: 7,
      address: segwitAddressAt(formerXpub, 7, 'rltc'),
    });
    expect(await adoptLitecoinAddresses(t.ctx.db, litecoin)).toBe(1);
    expect(await adoptLitecoinAddresses(t.ctx.db, litecoin)).toBe(0);
    const adopted = segwitAddressAt(litecoin.bitcoin!.xpub, 7, 'rltc');
    const change = segwitAddressAt(litecoin.bitcoin!.xpub, 0, 'rltc', 1);

    await node.outside.call('sendtoaddress', [fresh, '1.25']);
    await node.outside.call('sendtoaddress', [adopted, '0.5']);
    await node.outside.call('sendtoaddress', [change, '0.125']);
    await node.mine(3);

    const prover = bitcoinAssetProver({
      db: t.ctx.db,
      logger: t.ctx.logger,
      signer: t.ctx.config.chainSigner,
    });
    const proofs = await prover(litecoin, reportId);
    // Balances in litoshis (LTC is kept at 8 places).
    const listed = proofs.map((proof) => `${proof.role} ${proof.address} ${proof.balance}`).sort();
    expect(listed).toEqual(
      [`deposit ${fresh} 125000000`, `deposit ${adopted} 50000000`, `hot ${change} 12500000`].sort(),
    );
    // Every one signed through the signer process by its own key: "Assets, proven" for all.
    for (const proof of proofs) {
      const signed = proof.attestation;
      expect(signed?.address).toBe(proof.address);
      expect(bitcoinMessage.verify(signed!.message, proof.address, signed!.signature, LITECOIN_MAGIC)).toBe(
        true,
      );
    }
  });
});
